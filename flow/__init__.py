"""The operator's side of Flow, outside the API package: the `flow` command line (cli.py: the
database, the demo tenant, the warehouse, `flow up`), the local Postgres (devdb.py) and the demo
data (demo*.py). It may import api and pipelines; neither imports it.
"""
