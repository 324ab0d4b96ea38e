"""System settings: public reCAPTCHA values, company settings, platform settings."""
from __future__ import annotations

import pytest


@pytest.fixture
async def root(factory):
    _user, token = await factory.system_admin()
    return {"Authorization": f"Bearer {token}"}


class TestPublicSettings:
    async def test_anyone_reads_the_recaptcha_settings_without_a_token(self, client):
        r = await client.get("/api/system-settings/public")
        assert r.status_code == 200
        assert set(r.json()) == {"recaptcha_site_key", "recaptcha_enabled", "recaptcha_min_score",
                                 "address_search_configured"}
        assert r.json()["recaptcha_min_score"] == 0.5


class TestCompanySettings:
    async def test_company_user_gets_the_company_settings_with_spec_defaults(self, client, factory):
        t = await factory.tenant(plan="core")
        r = await client.get("/api/system/settings", headers=t.headers("employee"))
        assert r.status_code == 200
        body = r.json()
        assert body["system_default_theme"] == "light"
        assert body["enable_carbon_credits"] is True
        assert body["carbon_offset_price_per_ton"] == 15
        assert body["carbon_credit_methodology"] == "EPA_2023"
        assert body["sb1383_compliance_enabled"] is False  # core plan
        assert "recaptcha_secret_key" not in body

    async def test_sb1383_follows_the_plan_unless_the_platform_overrides(self, client, factory, owner_sql):
        pro = await factory.tenant(plan="pro")
        r = await client.get("/api/system/settings", headers=pro.headers())
        assert r.json()["sb1383_compliance_enabled"] is True
        owner_sql("update company_settings set sb1383_compliance_override = false where company_id = %s",
                  (pro.company_id,))
        r = await client.get("/api/system/settings", headers=pro.headers())
        assert r.json()["sb1383_compliance_enabled"] is False

    async def test_store_admin_changes_one_setting_and_gets_the_whole_object(self, client, factory):
        t = await factory.tenant()
        r = await client.put("/api/system/settings", json={"system_default_theme": "dark"}, headers=t.headers())
        assert r.status_code == 200, r.text
        assert r.json()["system_default_theme"] == "dark"
        assert "enable_ear_reporting" in r.json()
        again = await client.get("/api/system/settings", headers=t.headers("employee"))
        assert again.json()["system_default_theme"] == "dark"

    async def test_price_is_kept_exactly(self, client, factory, owner_sql):
        t = await factory.tenant()
        r = await client.put("/api/system/settings", json={"carbon_offset_price_per_ton": "22.35"}, headers=t.headers())
        assert r.status_code == 200
        assert owner_sql("select carbon_offset_price_per_ton::text from company_settings where company_id = %s",
                         (t.company_id,)) == [("22.35",)]

    @pytest.mark.parametrize("body", [
        {"system_default_theme": "purple"},
        {"carbon_credit_methodology": "MADE_UP"},
        {"carbon_offset_price_per_ton": -1},
        {"no_such_setting": True},
        {"system_default_theme": "dark", "simple_tickets_mode": True},
        {},
    ])
    async def test_bad_changes_are_refused_and_nothing_is_written(self, client, factory, owner_sql, body):
        t = await factory.tenant()
        r = await client.put("/api/system/settings", json=body, headers=t.headers())
        assert r.status_code == 422
        assert r.json()["detail"]
        row = owner_sql("select system_default_theme, simple_tickets_mode from company_settings where company_id = %s",
                        (t.company_id,))
        assert row == [("light", False)]

    async def test_employee_cannot_change_settings(self, client, factory):
        t = await factory.tenant()
        r = await client.put("/api/system/settings", json={"simple_tickets_mode": True}, headers=t.headers("employee"))
        assert r.status_code == 403

    async def test_a_change_stays_in_its_own_company(self, client, factory):
        a = await factory.tenant()
        b = await factory.tenant()
        await client.put("/api/system/settings", json={"simple_tickets_mode": True}, headers=a.headers())
        r = await client.get("/api/system/settings", headers=b.headers())
        assert r.json()["simple_tickets_mode"] is False


PLATFORM_COLUMNS = ("require_manual_approval, auto_approve_domains, recaptcha_enabled, recaptcha_site_key, "
                    "recaptcha_secret_key, recaptcha_min_score, enable_carbon_credits")


@pytest.fixture
def restore_platform(owner_sql):
    """Platform settings are one shared row: put back what the test found."""
    before = owner_sql(f"select {PLATFORM_COLUMNS} from platform_settings where id = 1")[0]
    yield
    sets = ", ".join(f"{c.strip()} = %s" for c in PLATFORM_COLUMNS.split(","))
    owner_sql(f"update platform_settings set {sets} where id = 1", before)


@pytest.mark.usefixtures("restore_platform")
class TestPlatformSettings:
    async def test_system_admin_gets_platform_settings_without_the_secret(self, client, root):
        r = await client.put("/api/system/settings", json={"recaptcha_secret_key": "s3cret"}, headers=root)
        assert r.status_code == 200
        r = await client.get("/api/system/settings", headers=root)
        body = r.json()
        assert body["scope"] == "platform"
        assert "require_manual_approval" in body and "auto_approve_domains" in body
        assert body["recaptcha_secret_configured"] is True
        assert "s3cret" not in r.text

    async def test_system_admin_sets_auto_approve_domains(self, client, root):
        r = await client.put("/api/system/settings", json={"auto_approve_domains": ["@Example.org", "acme.com"]},
                             headers=root)
        assert r.status_code == 200
        assert r.json()["auto_approve_domains"] == ["acme.com", "example.org"]
        await client.put("/api/system/settings", json={"auto_approve_domains": []}, headers=root)

    async def test_public_settings_show_recaptcha_only_with_a_site_key(self, client, root):
        await client.put("/api/system/settings", json={"recaptcha_enabled": True}, headers=root)
        await client.put("/api/system/settings", json={"recaptcha_site_key": ""}, headers=root)
        assert (await client.get("/api/system-settings/public")).json()["recaptcha_enabled"] is False
        await client.put("/api/system/settings", json={"recaptcha_site_key": "site-key-1"}, headers=root)
        body = (await client.get("/api/system-settings/public")).json()
        assert body == {"recaptcha_site_key": "site-key-1", "recaptcha_enabled": True, "recaptcha_min_score": 0.5,
                        "address_search_configured": False}
        await client.put("/api/system/settings", json={"recaptcha_enabled": False}, headers=root)
