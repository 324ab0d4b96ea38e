"""Password, PIN and token primitives. Nothing here touches the database."""
from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from datetime import UTC, datetime, timedelta

import jwt
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from api.core.config import get_settings

# argon2id with the library's RFC 9106 low-memory profile; PINs use the same hasher.
_hasher = PasswordHasher()
_ALGORITHM = "HS256"


def hash_secret(value: str) -> str:
    return _hasher.hash(value)


def verify_secret(hashed: str | None, value: str) -> bool:
    if not hashed:
        _burn()  # same time as a real check, so timing does not reveal unknown accounts
        return False
    try:
        return _hasher.verify(hashed, value)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


_DUMMY_HASH = _hasher.hash("flow-dummy-password")


def _burn() -> None:
    try:
        _hasher.verify(_DUMMY_HASH, "flow-not-the-password")
    except VerifyMismatchError:
        pass


def new_opaque_token() -> str:
    return secrets.token_urlsafe(32)


def digest_token(token: str) -> str:
    """Reset and invite tokens are stored only as this digest."""
    key = get_settings().require_secret_key().encode()
    return hmac.new(key, token.encode(), hashlib.sha256).hexdigest()


def create_access_token(*, user_id: uuid.UUID, company_id: uuid.UUID | None, role: str, version: int) -> str:
    settings = get_settings()
    now = datetime.now(tz=UTC)
    payload = {
        "sub": str(user_id),
        "cid": str(company_id) if company_id else None,
        "role": role,
        "ver": version,
        "iat": int(now.timestamp()),
        "exp": int((now + timedelta(minutes=settings.access_token_minutes)).timestamp()),
    }
    return jwt.encode(payload, settings.require_secret_key(), algorithm=_ALGORITHM)


def decode_access_token(token: str) -> dict:
    return jwt.decode(token, get_settings().require_secret_key(), algorithms=[_ALGORITHM])
