"""Admin tests read the mail Flow sends (approvals, account reset tokens) from a loopback SMTP server."""
from tests.smtp import smtp  # noqa: F401
