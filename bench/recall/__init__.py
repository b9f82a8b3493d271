"""Recall: evidence recall and the answer in the hits on conversations, beside the strongest
simple baselines of the same run (`python -m bench.recall`, evidence.py: its questions' classes,
scores and report in classes.py, scores.py, report.py; the lexical baselines in baselines.py;
CrossWOZ's questions in crosswoz.py), and search over short factual sentences that share their
words (`python -m bench.recall.relations`)."""
