"""The demo: invented conversations of "Tidewell", their sections, the logins, and loading them."""
