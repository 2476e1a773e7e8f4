"""Actions ``mtgkb apply`` can perform; one module per kind of action (see pyengine.apply)."""
