"""Who is calling: the signed-in user, their company, the role guards and the location scope that
every route declares (api/access/deps.py). It sits under every domain and imports only tables,
core and kit; plan gates, which need the plan rules, are api/subscription/deps.py."""
