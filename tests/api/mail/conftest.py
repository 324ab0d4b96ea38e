"""Mail tests read from the loopback SMTP server."""
from tests.smtp import smtp  # noqa: F401
