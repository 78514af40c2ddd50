"""Countries by the adjectives and currencies that name them: word lists the readers share."""

from __future__ import annotations

#: Adjectives that name a country ("the French capital" is France's); a demonym the list lacks names nothing.
DEMONYMS: dict[str, str] = {
    d: c
    for c, d in (
        ("France", "French"),
        ("Germany", "German"),
        ("Spain", "Spanish"),
        ("Italy", "Italian"),
        ("Portugal", "Portuguese"),
        ("Sweden", "Swedish"),
        ("Norway", "Norwegian"),
        ("Finland", "Finnish"),
        ("Denmark", "Danish"),
        ("Poland", "Polish"),
        ("Greece", "Greek"),
        ("Japan", "Japanese"),
        ("China", "Chinese"),
        ("India", "Indian"),
        ("Brazil", "Brazilian"),
        ("Mexico", "Mexican"),
        ("Canada", "Canadian"),
        ("Australia", "Australian"),
        ("Russia", "Russian"),
        ("Turkey", "Turkish"),
        ("Egypt", "Egyptian"),
        ("Kenya", "Kenyan"),
        ("Peru", "Peruvian"),
        ("Chile", "Chilean"),
        ("Argentina", "Argentine"),
        ("Ireland", "Irish"),
        ("Netherlands", "Dutch"),
        ("Belgium", "Belgian"),
        ("Austria", "Austrian"),
        ("Switzerland", "Swiss"),
        ("Hungary", "Hungarian"),
        ("Korea", "Korean"),
        ("Vietnam", "Vietnamese"),
        ("Thailand", "Thai"),
        ("Iceland", "Icelandic"),
        ("Estonia", "Estonian"),
        ("United Kingdom", "British"),
        ("United States", "American"),
        ("Nigeria", "Nigerian"),
        ("Israel", "Israeli"),
        ("Iran", "Iranian"),
        ("Iraq", "Iraqi"),
        ("Pakistan", "Pakistani"),
        ("Bangladesh", "Bangladeshi"),
        ("Indonesia", "Indonesian"),
        ("Philippines", "Filipino"),
        ("Malaysia", "Malaysian"),
        ("Singapore", "Singaporean"),
        ("New Zealand", "New Zealander"),
        ("South Africa", "South African"),
        ("Ethiopia", "Ethiopian"),
        ("Ghana", "Ghanaian"),
        ("Morocco", "Moroccan"),
        ("Algeria", "Algerian"),
        ("Tunisia", "Tunisian"),
        ("Saudi Arabia", "Saudi"),
        ("Lebanon", "Lebanese"),
        ("Syria", "Syrian"),
        ("Jordan", "Jordanian"),
        ("Ukraine", "Ukrainian"),
        ("Belarus", "Belarusian"),
        ("Czech Republic", "Czech"),
        ("Slovakia", "Slovak"),
        ("Slovenia", "Slovenian"),
        ("Croatia", "Croatian"),
        ("Serbia", "Serbian"),
        ("Romania", "Romanian"),
        ("Bulgaria", "Bulgarian"),
        ("Latvia", "Latvian"),
        ("Lithuania", "Lithuanian"),
        ("Colombia", "Colombian"),
        ("Venezuela", "Venezuelan"),
        ("Cuba", "Cuban"),
        ("Jamaica", "Jamaican"),
        ("Scotland", "Scottish"),
        ("Wales", "Welsh"),
        ("England", "English"),
        ("Taiwan", "Taiwanese"),
        ("Mongolia", "Mongolian"),
        ("Nepal", "Nepali"),
        ("Sri Lanka", "Sri Lankan"),
        ("Afghanistan", "Afghan"),
        ("Uruguay", "Uruguayan"),
        ("Paraguay", "Paraguayan"),
        ("Bolivia", "Bolivian"),
        ("Ecuador", "Ecuadorian"),
        ("Fiji", "Fijian"),
        ("Kazakhstan", "Kazakh"),
        ("Namibia", "Namibian"),
        ("Burkina Faso", "Burkinabè"),
        ("Uzbekistan", "Uzbek"),
        ("Armenia", "Armenian"),
        ("Georgia", "Georgian"),
        ("Azerbaijan", "Azerbaijani"),
        ("Kyrgyzstan", "Kyrgyz"),
        ("Tajikistan", "Tajik"),
        ("Turkmenistan", "Turkmen"),
        ("Myanmar", "Burmese"),
        ("Cambodia", "Cambodian"),
        ("Laos", "Lao"),
        ("Nepal", "Nepalese"),
        ("Bhutan", "Bhutanese"),
        ("Mongolia", "Mongol"),
        ("Senegal", "Senegalese"),
        ("Mali", "Malian"),
        ("Niger", "Nigerien"),
        ("Cameroon", "Cameroonian"),
        ("Uganda", "Ugandan"),
        ("Tanzania", "Tanzanian"),
        ("Rwanda", "Rwandan"),
        ("Zambia", "Zambian"),
        ("Zimbabwe", "Zimbabwean"),
        ("Botswana", "Botswanan"),
        ("Mozambique", "Mozambican"),
        ("Angola", "Angolan"),
        ("Sudan", "Sudanese"),
        ("Somalia", "Somali"),
        ("Libya", "Libyan"),
        ("Ivory Coast", "Ivorian"),
        ("Benin", "Beninese"),
        ("Togo", "Togolese"),
        ("Madagascar", "Malagasy"),
        ("Mauritius", "Mauritian"),
        ("Costa Rica", "Costa Rican"),
        ("Panama", "Panamanian"),
        ("Guatemala", "Guatemalan"),
        ("Honduras", "Honduran"),
        ("Nicaragua", "Nicaraguan"),
        ("El Salvador", "Salvadoran"),
        ("Dominican Republic", "Dominican"),
        ("Haiti", "Haitian"),
        ("Puerto Rico", "Puerto Rican"),
        ("Luxembourg", "Luxembourgish"),
        ("Albania", "Albanian"),
        ("Kosovo", "Kosovar"),
        ("Montenegro", "Montenegrin"),
        ("Bosnia and Herzegovina", "Bosnian"),
        ("North Macedonia", "Macedonian"),
        ("Moldova", "Moldovan"),
        ("Cyprus", "Cypriot"),
        ("Malta", "Maltese"),
        ("Monaco", "Monegasque"),
        ("Qatar", "Qatari"),
        ("Kuwait", "Kuwaiti"),
        ("Bahrain", "Bahraini"),
        ("Oman", "Omani"),
        ("Yemen", "Yemeni"),
        ("United Arab Emirates", "Emirati"),
        ("Samoa", "Samoan"),
        ("Tonga", "Tongan"),
        ("Papua New Guinea", "Papua New Guinean"),
        ("Catalonia", "Catalan"),
        ("Quebec", "Quebecois"),
    )
}
#: Currencies by their lower-case names: "Ghana's cedi slipped" names Ghana's currency.
CURRENCIES = frozenset(
    """afghani ariary baht balboa birr boliviano cedi colon córdoba dalasi dinar dirham dollar dong dram escudo euro forint franc guarani hryvnia kip koruna krona krone kroner kuna kwacha kwanza kyat lari lek lempira leone leu lev lilangeni lira loti manat metical naira ngultrum ouguiya peso pound pula quetzal rand real renminbi rial riel ringgit riyal rouble ruble rufiyaa rupee rupiah shilling sol som taka tenge tugrik won yen yuan zloty złoty""".split()
)

#: Sovereign states the demonym table has no adjective for: with it, every state, so "the Republic of Palau"
#: can be known as Palau (a state's long form names the state), while an invented "Republic of Sarvona" keeps
#: the only name it has.
COUNTRIES = frozenset(DEMONYMS.values()) | frozenset(
    """Andorra|Antigua and Barbuda|Bahamas|Barbados|Belize|Brunei|Burundi|Cabo Verde|Cape Verde|Central African Republic
    |Chad|Comoros|Congo|Czechia|Djibouti|Dominica|Equatorial Guinea|Eritrea|Eswatini|Gabon|Gambia|Grenada|Guinea
    |Guinea-Bissau|Guyana|Kiribati|Lesotho|Liberia|Liechtenstein|Malawi|Maldives|Marshall Islands|Mauritania
    |Micronesia|Nauru|North Korea|Palau|Saint Kitts and Nevis|Saint Lucia|Saint Vincent and the Grenadines|San Marino
    |Sao Tome and Principe|Seychelles|Sierra Leone|Solomon Islands|South Korea|South Sudan|Suriname|Timor-Leste
    |Trinidad and Tobago|Tuvalu|Vanuatu""".replace("\n    ", "").split("|")
)
#: Currency names several states use, so their adjective is part of the name ("the Kenyan shilling", "the Swiss
#: franc"); a name only one state uses is said bare ("the Albanian lek" is the lek, "the Ghanaian cedi" the cedi).
SHARED_CURRENCIES = frozenset(
    "dollar dollars pound pounds peso pesos franc francs shilling shillings krone kroner krona kronor dinar dinars"
    " rupee rupees riyal riyals rial rials dirham dirhams won leu lei real reais mark marks crown crowns".split()
)


#: Plurals of currency names that are not the name plus "s" ("paid in kronor" names the krona).
_PLURAL_MONEY = {"kronor": "krona", "lei": "leu", "reais": "real"}


def one_currency(value: str) -> str:
    """A currency named in the plural, as money is counted ("paid in euros", "pesos"), by its name: "euro",
    "peso"; any other value as it is ("kroner" is itself a name, "Swiss francs" keeps its adjective)."""
    *before, last = value.split(" ") if value else [""]
    lower = last.lower()
    one = _PLURAL_MONEY.get(lower) or (lower[:-1] if lower.endswith("s") and lower[:-1] in CURRENCIES else None)
    return " ".join([*before, one]) if one and lower not in CURRENCIES else value


#: Endings of a people's adjective that can't be undone to its country's name ("Kellish", "Merrese", "Omani").
_OPAQUE_ENDINGS = ("ese", "ish", "ic", "i", "ch", "ois", "que")


#: Adjectives of a region, a union or a city-state that an ending would undo into no country ("European
#: citizenship" is no "Europea"'s, "Vatican" no "Vatica"'s).
_NO_ONE_COUNTRY = frozenset(
    "european african asian arab latin caribbean nordic scandinavian balkan baltic commonwealth vatican "
    "mediterranean pan-african eu un dual".split()
)


def country_of(adjective: str) -> str | None:
    """The country a nationality adjective names ("holds X citizenship", "a X passport"): the table's, else a coined
    one's undone by its ending ("Vesmarian" → Vesmaria, "Calderran" → Calderra), else a country's own name used as
    its adjective ("Ileke citizenship"); None for an ending that names no one country ("Kellish")."""
    if adjective in DEMONYMS:
        return DEMONYMS[adjective]
    if adjective.lower() in _NO_ONE_COUNTRY:
        return None
    if not adjective[:1].isupper() or not adjective.isalpha() or len(adjective) < 4:
        return None
    if adjective in COUNTRIES:
        return adjective
    if adjective.endswith("an") and len(adjective) > 5:
        return adjective[:-1]
    return None if adjective.endswith(_OPAQUE_ENDINGS) else adjective
