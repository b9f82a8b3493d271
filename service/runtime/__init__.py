"""What runs beside the requests: the background worker that drains the operation log
(`worker.py`) and the warm-up that makes `/readyz` honest (`warmup.py`; the models it loads by
using them once are the write's, `service/write/warm.py`)."""
