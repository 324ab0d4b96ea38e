"""Company information, logo, and the per-store employee interface setting."""
from __future__ import annotations

import base64
import io

from PIL import Image


def data_url(fmt: str = "PNG", size=(40, 20), mime: str = "image/png") -> str:
    buf = io.BytesIO()
    Image.new("RGB", size, (20, 120, 60)).save(buf, format=fmt)
    return f"data:{mime};base64,{base64.b64encode(buf.getvalue()).decode()}"


class TestEmployeeInterface:
    async def test_admin_sets_one_location_and_it_reads_back_both_ways(self, client, factory):
        t = await factory.tenant(stores=2)
        sid = str(t.stores[1].id)
        r = await client.put("/api/company/settings", json={"advanced_options_enabled": True, "store_id": sid},
                             headers=t.headers())
        assert r.json() == {"advanced_options_enabled": True, "store_id": sid}
        assert (await client.get(f"/api/company/settings/{sid}", headers=t.headers())).json()["advanced_options_enabled"]
        r = await client.get("/api/company/settings", params={"store_id": str(t.stores[0].id)}, headers=t.headers())
        assert r.json()["advanced_options_enabled"] is False

    async def test_without_store_id_every_location_changes(self, client, factory, owner_sql):
        t = await factory.tenant(stores=3)
        r = await client.put("/api/company/settings", json={"advanced_options_enabled": True}, headers=t.headers())
        assert r.status_code == 200 and r.json()["store_id"] is None
        rows = owner_sql("select bool_and(advanced_options_enabled) from stores where company_id = %s", (t.company_id,))
        assert rows == [(True,)]

    async def test_assigned_employee_reads_their_location_and_not_another(self, client, factory):
        t = await factory.tenant(stores=2, assign_employee=True)
        await client.put("/api/company/settings",
                         json={"advanced_options_enabled": True, "store_id": str(t.stores[0].id)}, headers=t.headers())
        r = await client.get("/api/company/settings", headers=t.headers("employee"))
        assert r.json() == {"advanced_options_enabled": True, "store_id": str(t.stores[0].id)}
        r = await client.get(f"/api/company/settings/{t.stores[1].id}", headers=t.headers("employee"))
        assert r.status_code == 404

    async def test_employee_cannot_change_the_interface(self, client, factory):
        t = await factory.tenant()
        r = await client.put("/api/company/settings", json={"advanced_options_enabled": True},
                             headers=t.headers("employee"))
        assert r.status_code == 403

    async def test_another_company_store_is_not_found(self, client, factory):
        a = await factory.tenant()
        b = await factory.tenant()
        r = await client.put("/api/company/settings",
                             json={"advanced_options_enabled": True, "store_id": str(b.stores[0].id)}, headers=a.headers())
        assert r.status_code == 404


class TestCompanyInfo:
    async def test_admin_reads_and_edits_contact_details(self, client, factory):
        t = await factory.tenant(name="Green Fork")
        r = await client.put("/api/company/info", json={"billing_email": "ap@greenfork.com", "phone": "510-555-0100",
                                                        "billing_notification_email": ""}, headers=t.headers())
        assert r.status_code == 200, r.text
        body = (await client.get("/api/company/info", headers=t.headers())).json()
        assert body["name"] == "Green Fork" and body["industry"] == "Food Service"
        assert body["billing_email"] == "ap@greenfork.com" and body["billing_notification_email"] is None
        assert set(body["address"]) == {"street", "city", "state", "zip"}

    async def test_name_changes_go_through_support_and_bad_email_is_refused(self, client, factory):
        t = await factory.tenant()
        assert (await client.put("/api/company/info", json={"name": "New"}, headers=t.headers())).status_code == 422
        r = await client.put("/api/company/info", json={"billing_email": "nope"}, headers=t.headers())
        assert r.status_code == 422 and r.json()["detail"] == "Please enter a valid email address"
        r = await client.put("/api/company/info", json={"billing_email": "AP@Kitchen.flow.local"}, headers=t.headers())
        assert r.status_code == 200 and r.json()["billing_email"] == "ap@kitchen.flow.local"

    async def test_employee_cannot_read_company_info(self, client, factory):
        t = await factory.tenant()
        assert (await client.get("/api/company/info", headers=t.headers("employee"))).status_code == 403


class TestLogo:
    async def test_upload_read_back_and_remove(self, client, factory):
        t = await factory.tenant()
        r = await client.post("/api/company/logo", json={"logo_data": data_url("WEBP", mime="image/webp")},
                              headers=t.headers())
        assert r.status_code == 200, r.text
        assert r.json()["logo"].startswith("data:image/png;base64,")  # re-encoded: WebP, PNG and GIF become PNG
        assert (await client.get("/api/company/logo", headers=t.headers("employee"))).json()["logo"] == r.json()["logo"]
        assert (await client.delete("/api/company/logo", headers=t.headers())).json() == {"logo": None}
        assert (await client.get("/api/company/logo", headers=t.headers())).json() == {"logo": None}

    async def test_type_is_checked_by_content_not_by_label(self, client, factory):
        t = await factory.tenant()
        fake = "data:image/png;base64," + base64.b64encode(b"<svg>not a picture</svg>").decode()
        r = await client.post("/api/company/logo", json={"logo_data": fake}, headers=t.headers())
        assert r.status_code == 422
        assert r.json()["detail"] == "Please upload a valid image file (JPEG, PNG, GIF, or WebP)"
        bmp = data_url("BMP", mime="image/png")
        assert (await client.post("/api/company/logo", json={"logo_data": bmp}, headers=t.headers())).status_code == 422
        jpeg_labelled_png = data_url("JPEG", mime="image/png")
        r = await client.post("/api/company/logo", json={"logo_data": jpeg_labelled_png}, headers=t.headers())
        assert r.json()["logo"].startswith("data:image/jpeg;")

    async def test_over_two_megabytes_is_refused(self, client, factory, owner_sql):
        t = await factory.tenant()
        big = "data:image/png;base64," + base64.b64encode(b"\x89PNG" + b"0" * 2097150).decode()
        r = await client.post("/api/company/logo", json={"logo_data": big}, headers=t.headers())
        assert r.status_code == 413 and r.json()["detail"] == "File size must be less than 2MB"
        assert owner_sql("select logo_key from companies where id = %s", (t.company_id,)) == [(None,)]

    async def test_logo_of_one_company_is_not_another_company_logo(self, client, factory):
        a = await factory.tenant()
        b = await factory.tenant()
        await client.post("/api/company/logo", json={"logo_data": data_url()}, headers=a.headers())
        assert (await client.get("/api/company/logo", headers=b.headers())).json()["logo"] is None
