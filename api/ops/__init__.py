"""Operating Flow: health and readiness probes, Prometheus metrics, JSON logs, security headers."""
