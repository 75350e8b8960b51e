from enum import StrEnum


class DomainStatus(StrEnum):
    INVALID = "invalid"
    PENDING = "pending"
    VERIFIED = "verified"

    def __str__(self) -> str:
        return str(self.value)
