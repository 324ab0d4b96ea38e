"""One Settings object for the whole service, read from the environment (FLOW_ prefix)."""
import os
import secrets
from functools import lru_cache
from pathlib import Path

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[2]
# The signing key an earlier version shipped in this file: published, so refused everywhere.
PLACEHOLDER_SECRET = "dev-only-secret-change-me-0123456789abcdef"
MIN_SECRET_CHARS = 32
NO_SECRET = ("No signing key: set FLOW_SECRET_KEY, or start Flow once with `flow serve` or `flow up`, "
             "which writes a random key to {path}")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FLOW_", env_file=".env", extra="ignore")

    env: str = "development"  # development | test | production
    database_url: str = Field(
        default="",
        validation_alias=AliasChoices("FLOW_DATABASE_URL", "DATABASE_URL"),
    )
    # The role the API runs its queries as: no ownership of tables, no BYPASSRLS.
    db_app_role: str = "flow_app"
    db_pool_size: int = 10

    # Signs access tokens and the digests of reset and invite links. FLOW_SECRET_KEY, else the key
    # `flow serve` / `flow up` wrote once to this file (mode 0600); neither means no key, and the
    # app refuses to start (api/main.py). Changing it signs everyone out (README, "Signing key").
    secret_key: str = ""
    secret_key_file: Path = ROOT / ".flow" / "secret_key"
    access_token_minutes: int = 60 * 12
    public_url: str = "http://127.0.0.1:8000"

    # Mail: SMTP when a host is set, else files in the outbox folder.
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    mail_from: str = "Flow <no-reply@flow.local>"
    outbox_dir: Path = ROOT / ".flow" / "outbox"

    # Images: a local folder by default, any S3-compatible store when a bucket is set.
    media_dir: Path = ROOT / ".flow" / "media"
    s3_bucket: str = ""
    s3_endpoint_url: str = ""
    s3_region: str = "us-east-1"
    max_image_bytes: int = 8 * 1024 * 1024

    # Address search: a Nominatim-compatible service; empty means none.
    geocoder_url: str = ""
    geocoder_timeout_s: float = 2.0

    # AI reading
    ai_provider: str = "auto"  # auto | local | openai
    openai_api_key: str = ""
    openai_base_url: str = ""
    openai_model: str = "gpt-4o-mini"
    openai_timeout_s: float = 30.0
    ai_auto_min_confidence: float = 80.0

    # Warehouse: the published DuckDB file the API reads.
    warehouse_path: Path = ROOT / ".flow" / "warehouse" / "flow.duckdb"
    # The warehouse before the first publish, published by the pipeline from dbt's own artefacts
    # (pipelines/defs/publish/empty.py; the pipelines' FLOW_WAREHOUSE_EMPTY_PATH, same default).
    warehouse_empty_path: Path = ROOT / ".flow" / "warehouse" / "flow.empty.duckdb"
    # Rows of query results the API keeps per published version (api/warehouse/reader.py,
    # cached_rows; least recently used dropped first); 0 turns the result cache off.
    warehouse_result_cache_rows: int = Field(default=50_000, ge=0)
    # How many of the queries last answered from a published version are read again on the version
    # that replaces it, in the background, before users ask them (api/warehouse/reader.py); 0: none.
    warehouse_warm_queries: int = Field(default=256, ge=0)

    web_dist: Path = ROOT / "web" / "dist"

    # Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed: addresses or networks,
    # comma-separated ("10.0.0.5,172.16.0.0/12"). Empty (the default): none, the client is the
    # peer of the connection. Set it when Flow runs behind a reverse proxy, to the proxy's address.
    trusted_proxies: str = ""

    # Limits on sign-in guessing.
    login_attempts_per_minute: int = 10
    # Wrong PINs from one client address for one employee before PIN sign-in from that address
    # is locked (api/auth/service.py pin_login); the person's password sign-in lifts it.
    pin_max_failures: int = 5
    pin_lock_minutes: int = 15
    # Per client address across all accounts (an office behind one NAT shares it).
    auth_ip_attempts_per_minute: int = 60
    signup_attempts_per_minute: int = 5

    # Subscription payments: an HTTP payment provider (api/subscription/payments.py); empty = none.
    payment_provider_url: str = ""
    payment_provider_key: str = ""
    payment_provider_timeout_s: float = 10.0

    # reCAPTCHA server-side check at sign-up (keys and minimum score are platform settings).
    recaptcha_verify_url: str = "https://www.google.com/recaptcha/api/siteverify"
    recaptcha_timeout_s: float = 5.0

    @model_validator(mode="after")
    def _signing_key(self) -> "Settings":
        if not self.secret_key and self.secret_key_file.is_file():
            self.secret_key = self.secret_key_file.read_text().strip()
            where = f"the key in {self.secret_key_file}"
        else:
            where = "FLOW_SECRET_KEY"
        if self.secret_key.startswith("dev-only-secret"):
            raise ValueError(f"{where} is the published development placeholder: use a random key")
        if self.secret_key and len(self.secret_key) < MIN_SECRET_CHARS:
            raise ValueError(f"{where} is too short: use at least {MIN_SECRET_CHARS} random characters")
        return self

    def require_secret_key(self) -> str:
        """The signing key, or RuntimeError saying how to make one."""
        if not self.secret_key:
            raise RuntimeError(NO_SECRET.format(path=self.secret_key_file))
        return self.secret_key

    @property
    def async_database_url(self) -> str:
        url = self.database_url
        for prefix in ("postgresql://", "postgres://", "postgresql+psycopg2://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix):]
        return url


@lru_cache
def get_settings() -> Settings:
    return Settings()


def ensure_secret_key() -> Path | None:
    """Write a random signing key to the key file when there is none (no FLOW_SECRET_KEY, no file).

    The file is created with mode 0600 and never overwritten (O_EXCL: two processes starting at
    once keep the first one's key). Returns the file written, or None when a key existed."""
    settings = get_settings()
    if settings.secret_key:
        return None
    path = settings.secret_key_file
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        get_settings.cache_clear()
        return None
    with os.fdopen(fd, "w") as out:
        out.write(secrets.token_urlsafe(48) + "\n")
    get_settings.cache_clear()
    return path
