from enum import StrEnum


class RuleOsItem(StrEnum):
    ANDROID = "Android"
    IOS = "iOS"
    LINUX = "Linux"
    MACOS = "macOS"
    WINDOWS = "Windows"

    def __str__(self) -> str:
        return str(self.value)
