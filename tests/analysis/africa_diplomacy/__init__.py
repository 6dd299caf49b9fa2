"""Tests of the Africa 1880 relations model, one module per model module."""
