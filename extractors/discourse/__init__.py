"""Who a sentence is about: the discourse state's rules (cues, resolution, the per-turn
session) and the relations people state about others (`relations.toml`)."""
