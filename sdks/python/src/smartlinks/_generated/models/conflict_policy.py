from enum import StrEnum


class ConflictPolicy(StrEnum):
    SKIP = "skip"
    STOP = "stop"

    def __str__(self) -> str:
        return str(self.value)
