"""The service under load: concurrent HTTP clients against a live server (`python -m bench.load`,
writers.py), and two service and two worker processes on one store (`python -m
bench.load.scale_out`)."""
