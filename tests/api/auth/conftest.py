"""Auth tests read the mail Flow sends from a loopback SMTP server."""
from tests.smtp import smtp  # noqa: F401
