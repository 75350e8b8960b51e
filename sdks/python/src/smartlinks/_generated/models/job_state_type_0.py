from enum import StrEnum


class JobStateType0(StrEnum):
    FINISHED = "finished"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
