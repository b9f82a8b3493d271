"""A tenant's data as a whole: versioned reprocessing, erasure and export (`usecases.py`),
restore of an export (`restore.py`), import of transcripts (`importer.py`), and the command
line's streaming of both (`transfer.py`)."""
