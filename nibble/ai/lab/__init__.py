"""The lab: tools that measure the computer players rather than play — matches, the
ladder and its Elo fits (chain, merge), the search benchmark. The page never imports them."""
