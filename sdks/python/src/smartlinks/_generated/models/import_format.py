from enum import StrEnum


class ImportFormat(StrEnum):
    BITLY = "bitly"
    CSV = "csv"
    DUB = "dub"
    JSONL = "jsonl"
    SHLINK = "shlink"
    SHORTIO = "shortio"

    def __str__(self) -> str:
        return str(self.value)
