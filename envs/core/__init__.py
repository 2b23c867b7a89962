"""What every combat system shares: the engine protocol, PettingZoo fronts, codecs, errors."""
