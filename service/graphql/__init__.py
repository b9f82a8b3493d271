"""GraphQL at /graphql (strawberry): the REST use cases with camelCase names, one error table."""
