from enum import StrEnum


class DestinationStatus(StrEnum):
    CLIENTERROR = "clientError"
    DNS = "dns"
    OK = "ok"
    REDIRECT = "redirect"
    SERVERERROR = "serverError"
    TIMEOUT = "timeout"
    TLS = "tls"

    def __str__(self) -> str:
        return str(self.value)
