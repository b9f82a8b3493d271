"""Turn input into candidate facts: parsing, notary, EN/ZH extraction, time resolution, typing.

Nothing here touches storage or reads the environment.
"""
