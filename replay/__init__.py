"""Step through a t42 record: the state after every bid and play, and a Rich view of it."""
