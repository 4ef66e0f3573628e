"""The venue server (`make venue`): the production stack on a laptop in the hall."""
