from enum import StrEnum


class SetUpKindType0(StrEnum):
    APIKEY = "apiKey"

    def __str__(self) -> str:
        return str(self.value)
