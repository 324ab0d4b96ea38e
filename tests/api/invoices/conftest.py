import pytest

from tests.api.invoices import books
from tests.pipelines.world import refresh


@pytest.fixture(scope="module")
async def world(app):
    """Company a (enterprise, inbound on): invoices at every aging edge, billed loads (per load,
    due on receipt, monthly), a cash load; company b (another tenant); a pro company and an
    enterprise company with the inbound module off; the demo tenant. One warehouse refresh."""
    from flow.demo import seed_demo
    from tests.factories import Factory

    factory = Factory()
    a = await factory.tenant("enterprise", stores=1)
    b = await factory.tenant("enterprise", stores=1)
    pro = await factory.tenant("pro", stores=1)
    off = await factory.tenant("enterprise", stores=1)
    for tenant in (a, b, pro):
        await books.enable_inbound(tenant.company_id)
    today = books.today()
    payee = await books.customer(a.company_id, "Golden Gate Produce Co.")
    on_receipt = await books.customer(a.company_id, "Mission Street Grocers", terms=0)
    monthly = await books.customer(a.company_id, "Monterey Bay Catering", terms=15, cycle="monthly")
    edges = await books.edge_invoices(a, payee, today)
    ticket, per_load = await books.load(a, on_receipt, [("Food Scraps", "2000.0", "0.05"),
                                                        ("Green Waste", "1000.5", "0.03")], at=books.local(today, 9))
    month = (today.replace(day=1) - books.timedelta(days=40)).replace(day=1)
    m1 = await books.load(a, monthly, [("Food Scraps", "1500.0", "0.04")], at=books.local(month.replace(day=3), 10))
    m2 = await books.load(a, monthly, [("Food Scraps", "500.0", "0.04")], at=books.local(month.replace(day=9), 10))
    cash = await books.load(a, payee, [("Food Scraps", "100.0", "0.05")], at=books.local(today, 10),
                            payment_method="cash")
    b_payee = await books.customer(b.company_id, "Other Co.")
    foreign = await books.edge_invoices(b, b_payee, today)
    await seed_demo()
    await refresh(full=True)
    yield {"a": a, "b": b, "pro": pro, "off": off, "today": today, "edges": edges, "payee": payee,
           "ticket": ticket, "per_load": per_load, "monthly": (m1, m2), "month": month, "cash": cash,
           "foreign": foreign}
    from tests.demo_tenant import remove_demo

    remove_demo()  # later modules' warehouse builds do not carry the demo's year
