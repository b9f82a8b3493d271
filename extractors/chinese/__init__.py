"""Chinese extraction on pkuseg (or jieba) tokens: `extractor.ChineseExtractor` segments
(`segmenters`, `tokens`), splits clauses (`clauses`), finds anchors (`patterns`), reads frames
(`frames`) and noun phrases (`np`) with the word lists in `lexicon`, and builds facts (`facts`)."""
