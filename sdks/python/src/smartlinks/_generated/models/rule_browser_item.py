from enum import StrEnum


class RuleBrowserItem(StrEnum):
    BRAVE = "Brave"
    CHROME = "Chrome"
    EDGE = "Edge"
    FIREFOX = "Firefox"
    OPERA = "Opera"
    SAFARI = "Safari"

    def __str__(self) -> str:
        return str(self.value)
