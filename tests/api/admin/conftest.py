"""Admin tests read the mail Flow sends (approvals, account reset tokens) from a loopback SMTP server."""
from tests.payments import payments  # noqa: F401
from tests.smtp import smtp  # noqa: F401
