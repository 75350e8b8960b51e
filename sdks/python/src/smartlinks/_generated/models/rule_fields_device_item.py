from enum import StrEnum


class RuleFieldsDeviceItem(StrEnum):
    CONSOLE = "console"
    DESKTOP = "desktop"
    EMBEDDED = "embedded"
    MOBILE = "mobile"
    SMARTTV = "smarttv"
    TABLET = "tablet"
    WEARABLE = "wearable"

    def __str__(self) -> str:
        return str(self.value)
