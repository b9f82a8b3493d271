"""English extraction on spaCy's dependency parse: `extractor.EnglishExtractor` walks each
sentence (`walk`), reads verb frames (`verbs`) and copular sentences (`copula`) into clauses
(`frames`), with the shared text helpers in `text` and the loaded pipeline in `nlp`."""
