"""The waits between retries, named so that unasync turns the async one into the sync one."""

import asyncio
import time

async_sleep = asyncio.sleep
sync_sleep = time.sleep
