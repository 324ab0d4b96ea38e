import logging

from api.main import RedactSecrets


def test_access_log_never_shows_reset_tokens():
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", "/login?token=abc123SECRET&x=1", "1.1", 200), None,
    )
    RedactSecrets().filter(record)
    line = record.getMessage()
    assert "abc123SECRET" not in line
    assert "token=[redacted]&x=1" in line
