// name: admin_drop_constraint
// params: $constraint
// returns: nothing; drops one constraint by name. For tests that rebuild the schema.
DROP CONSTRAINT $constraint IF EXISTS
