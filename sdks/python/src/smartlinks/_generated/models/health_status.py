from enum import StrEnum


class HealthStatus(StrEnum):
    BROKEN = "broken"
    OK = "ok"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
