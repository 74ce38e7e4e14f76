"""Country flags as people ask for them: "the flag of Japan", "a Japanese
flag", "the US flag", "Canada's flag".

Names match whole words only, longest first, so "Niger" never matches inside
"Nigeria" and "the flag of France" never becomes French Guiana. Places with
no ISO 3166 code of their own (England, Scotland, Wales) are not guessed.
"""

from __future__ import annotations

import re

from neuralcut_cli.agent.backends.mock.clause import Clause
from neuralcut_cli.catalogs.countries import COUNTRIES

ALIASES = {
    "usa": "US",
    "us": "US",
    "u.s.": "US",
    "u.s.a.": "US",
    "united states": "US",
    "united states of america": "US",
    "america": "US",
    "american": "US",
    "uk": "GB",
    "u.k.": "GB",
    "britain": "GB",
    "great britain": "GB",
    "british": "GB",
    "united kingdom": "GB",
    "south korea": "KR",
    "south korean": "KR",
    "korea": "KR",
    "korean": "KR",
    "north korea": "KP",
    "north korean": "KP",
    "russia": "RU",
    "russian": "RU",
    "holland": "NL",
    "dutch": "NL",
    "czech republic": "CZ",
    "czech": "CZ",
    "ivory coast": "CI",
    "vatican": "VA",
    "uae": "AE",
    "emirati": "AE",
    "taiwanese": "TW",
    "vietnam": "VN",
    "vietnamese": "VN",
    "laos": "LA",
    "syria": "SY",
    "bolivia": "BO",
    "venezuela": "VE",
    "tanzania": "TZ",
    "iran": "IR",
    "moldova": "MD",
    "macedonia": "MK",
    "congo": "CG",
    "japanese": "JP",
    "french": "FR",
    "german": "DE",
    "italian": "IT",
    "spanish": "ES",
    "mexican": "MX",
    "canadian": "CA",
    "brazilian": "BR",
    "argentinian": "AR",
    "argentine": "AR",
    "chinese": "CN",
    "indian": "IN",
    "australian": "AU",
    "irish": "IE",
    "swedish": "SE",
    "norwegian": "NO",
    "danish": "DK",
    "finnish": "FI",
    "polish": "PL",
    "portuguese": "PT",
    "greek": "GR",
    "turkish": "TR",
    "ukrainian": "UA",
    "swiss": "CH",
    "austrian": "AT",
    "belgian": "BE",
    "egyptian": "EG",
    "south african": "ZA",
    "nigerian": "NG",
    "kenyan": "KE",
    "chilean": "CL",
    "colombian": "CO",
    "peruvian": "PE",
    "venezuelan": "VE",
    "cuban": "CU",
    "jamaican": "JM",
    "israeli": "IL",
    "saudi": "SA",
    "saudi arabian": "SA",
    "thai": "TH",
    "indonesian": "ID",
    "filipino": "PH",
    "philippine": "PH",
    "malaysian": "MY",
    "singaporean": "SG",
    "new zealand": "NZ",
    "kiwi": "NZ",
    "pakistani": "PK",
    "iranian": "IR",
    "iraqi": "IQ",
    "hungarian": "HU",
    "romanian": "RO",
    "croatian": "HR",
    "serbian": "RS",
    "icelandic": "IS",
    "moroccan": "MA",
    "ghanaian": "GH",
    "ethiopian": "ET",
    "lebanese": "LB",
    "uruguayan": "UY",
    "paraguayan": "PY",
    "ecuadorian": "EC",
    "bangladeshi": "BD",
    "nepalese": "NP",
    "sri lankan": "LK",
    "qatari": "QA",
    "kuwaiti": "KW",
    "jordanian": "JO",
    "estonian": "EE",
    "latvian": "LV",
    "lithuanian": "LT",
    "slovak": "SK",
    "slovenian": "SI",
    "bulgarian": "BG",
    "belarusian": "BY",
    "luxembourgish": "LU",
    "maltese": "MT",
    "cypriot": "CY",
    "scottish": "",
    "scotland": "",
    "england": "",
    "english": "",
    "wales": "",
    "welsh": "",
    "northern ireland": "",
    "catalonia": "",
    "catalan": "",
}
NAMES = {**{name.lower(): code for code, name in COUNTRIES.items()}, **ALIASES}
_PATTERN = "|".join(sorted((re.escape(n) for n in NAMES), key=len, reverse=True))


def take_flag(c: Clause) -> str | None:
    """``flags:XX`` for a flag the clause asks for (marked as used), else None.

    A country with no flag of its own leaves its words unused, so the request is refused.
    """
    match = c.find(
        rf"\b(?:the\s+|an?\s+)?(?:flag|flags)\s+(?:of|for|from)\s+(?:the\s+)?(?P<a>{_PATTERN})\b"
        rf"|\b(?:the\s+|an?\s+)?(?P<b>{_PATTERN})\s+(?:national\s+)?flags?\b"
    )
    if match is None:
        return None
    code = NAMES[(match.group("a") or match.group("b")).lower()]
    if not code:
        return None
    c.use(match.start(), match.end())
    return f"flags:{code}"
