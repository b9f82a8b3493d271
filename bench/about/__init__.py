"""Who a sentence is about: facts about third parties in knowledge-grounded dialogue
(`python -m bench.about`, third_parties.py; driver.py extracts with any checkout's code,
misses.py classes what was missed)."""
