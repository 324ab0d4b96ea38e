"""Plan gates as route dependencies: `Depends(require_feature(plans.AI_VISION))`."""
from __future__ import annotations

from api.auth.deps import CurrentCompany
from api.companies.models import Company
from api.subscription import service


def require_feature(feature: str):
    async def _check(company: CurrentCompany) -> Company:
        service.require_company_feature(company, feature)
        return company

    _check.feature = feature  # read by the access test
    _check.__name__ = f"require_feature_{feature}"
    return _check
