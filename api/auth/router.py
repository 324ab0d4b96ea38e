"""HTTP for sign-in, sign-up and account recovery (spec 1 section 7). Rules live in the services."""
from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Request, status

from api.access.deps import CurrentUser, Public
from api.auth import recovery, service
from api.auth.schemas import (
    EmailRequest,
    LoginRequest,
    MeRead,
    MessageRead,
    PinLoginRequest,
    ResetPasswordRequest,
    SignupRead,
    SignupRequest,
    TokenRead,
)
from api.auth.signup import signup as create_account
from api.core.deps import Db
from api.kit.errors import ErrorBody
from api.ratelimit.service import client_ip

router = APIRouter(prefix="/auth", tags=["auth"])


@router.post("/login", response_model=TokenRead, dependencies=[Public])
async def login(body: LoginRequest, request: Request, db: Db) -> TokenRead:
    return await service.login(db, request, body.email, body.password)


@router.post("/signup", response_model=SignupRead, status_code=status.HTTP_201_CREATED, dependencies=[Public])
async def signup(body: SignupRequest, request: Request, db: Db) -> SignupRead:
    return await create_account(db, request, body)


@router.get("/me", response_model=MeRead)
async def me(user: CurrentUser, db: Db, request: Request) -> MeRead:
    return await service.build_me(db, user, getattr(request.state, "company", None))


@router.post("/logout-all", response_model=MessageRead)
async def logout_all(user: CurrentUser, db: Db, request: Request) -> MessageRead:
    await service.logout_everywhere(db, user, client_ip(request))
    return MessageRead(message="Signed out on every device")


@router.post("/forgot-password", response_model=MessageRead, dependencies=[Public])
async def forgot_password(body: EmailRequest, request: Request, db: Db, tasks: BackgroundTasks) -> MessageRead:
    return MessageRead(message=await recovery.forgot_password(db, request, body.email, tasks))


@router.post("/forgot-username", response_model=MessageRead, dependencies=[Public])
async def forgot_username(body: EmailRequest, request: Request, db: Db, tasks: BackgroundTasks) -> MessageRead:
    return MessageRead(message=await recovery.forgot_username(db, request, body.email, tasks))


@router.post("/reset-password", response_model=MessageRead, dependencies=[Public])
async def reset_password(body: ResetPasswordRequest, request: Request, db: Db) -> MessageRead:
    await recovery.reset_password(db, request, body.token, body.new_password)
    return MessageRead(message="Password reset successfully! You can now sign in with your new password.")


@router.post("/employee-pin-login", response_model=TokenRead, dependencies=[Public],
             responses={423: {"model": ErrorBody, "description": "Locked after 5 wrong PINs (15 minutes)"}})
async def employee_pin_login(body: PinLoginRequest, request: Request, db: Db) -> TokenRead:
    return await service.pin_login(db, request, body.email, body.pin)
