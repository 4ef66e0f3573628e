"""What more than one audience package (public, director, arbiter, players, api, offline)
needs, one small module per concern, below them all: it imports none of them."""
