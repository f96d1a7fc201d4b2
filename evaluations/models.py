"""Evaluation runs and verdicts (see the "Evaluation runs" issue)."""
