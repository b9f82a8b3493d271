"""What runs beside the requests: the background worker that drains the operation log
(`worker.py`), the models loaded by using them once (`models.py`), and the warm-up that makes
`/readyz` honest (`warmup.py`)."""
