// name: schema_episode_fulltext
// params:
// returns: nothing; episodes' keyword index over their prepared (stemmed, CJK-bigram) text;
// named and defined apart from graphiti-core's episode_content (docs/graphiti.md)
CREATE FULLTEXT INDEX palimpsest_episode_text IF NOT EXISTS
FOR (e:Episodic) ON EACH [e.search_text, e.group_id]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}}
