"""More structures :mod:`consolidators.statics` reads third-person static facts by, beside
:mod:`consolidators.staticshapes`: a credit hung on a work ("X, a film by Y,", "X (dir. Y)", "Y's X" where the
sentence says what X is), several works in one credit, a birth or death placed by a relative clause or a pronoun
("Sendai, where cellist X was born, …", "… in Paris, where he died", "…; born in Aarhus, he …"), a language as a
description of its speaker ("a fluent Twi speaker", "the Basque-speaking chef X"), a group's members, a site by its
place's possessive or its kind in apposition, and a country's language named by what its law or people do.

Same slots as :mod:`consolidators.staticshapes`, and: ``works`` a list of titles (each one a fact), ``langs2`` a
second list of languages, ``p2`` a second subject when the subject is a person, ``o2`` a second value.
"""

from __future__ import annotations

from .epithets import TITLE_WORDS, name_slot, person_slot, title_slot
from .places import DEMONYMS
from .staticshapes import Shape, compiled

_CAP = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"
_DEMONYM = "|".join(sorted(DEMONYMS, key=len, reverse=True))
_LANGUAGE = r"(?:[A-Z][a-z]+)"
_LANGS = rf"{_LANGUAGE}(?:(?:,| and|, and) {_LANGUAGE})*"
_FILM = r"(?:film|documentary|movie|feature|drama|thriller|comedy|short|debut)"
#: The kinds only a screen shows: "a thriller by X" may be X's novel, "a documentary by X" is X's film.
_SCREEN = r"(?:film|documentary|movie|feature|short)"
_BOOK = r"(?:novel|book|memoir|poem|play|story|collection|novella|essay|trilogy|biography|saga)"
#: Who a credit names the maker as, between "by" and the name: "a film by director Mart Kivi".
_MAKER = r"(?:(?:the )?(?:[a-z-]+ )?(?:director|filmmaker|film-maker|author|writer|novelist|poet|playwright) )?"
#: Several titles in one credit: "Harmattan, Lagoon Songs and The Iron Bell".
_WORKS = rf"(?P<works>{TITLE_WORDS}(?:, {TITLE_WORDS})*,? and {TITLE_WORDS})"
#: What a sentence says a bare "Y's X" is, so that a credit without a kind word names the right maker.
_FILM_CONTEXT = r"(?=.*\b(?:films?|cinemas?|movies?|Best Picture|box office|Oscars?|screenings?|premiere|Palme|feature|documentary)\b)"
#: An actor's possessive is no credit: "Tom Cruise's Top Gun, in which he starred, …".
_NO_CAST = r"(?!.*\b(?:star|stars|starred|starring|role|roles|actor|actress|played|cast)\b)"
_BOOK_CONTEXT = r"(?=.*\b(?:novels?|publication|published|bestsellers?|best-sellers?|readers|in print|translated)\b)"
#: A maker's possessive that is a studio's, not a person's: "Warner Bros' Barbie".
_NOT_A_STUDIO = r"(?!\S*(?: \S+)* ?(?:Bros|Pictures|Studios?|Films|Productions|Press|Books)\b(?:'s|'))"
#: The kinds of group a member belongs to, and the places in a band a member holds.
_GROUP = (
    r"(?:band|group|trio|quartet|quintet|duo|collective|ensemble|orchestra|choir|party|academy|society|club|crew"
    r"|troupe|outfit)"
)
_MEMBER_ROLE = (
    r"(?:drummer|bassist|guitarist|lead guitarist|singer|lead singer|vocalist|frontman|frontwoman|keyboardist"
    r"|pianist|violinist|cellist|saxophonist|trumpeter|rapper|DJ|member)"
)
#: A site named by its kind in apposition: "Angkor Wat, the vast temple complex in Cambodia,".
_SITE_KIND = (
    r"(?:temple|museum|castle|cathedral|palace|fortress|monastery|tower|bridge|park|lake|mountain|island|site"
    r"|monument|landmark|gallery|church|mosque|stadium|observatory|market|square|lighthouse|abbey|library|theatre"
    r"|opera house|waterfall|canyon|reserve|ruins|shrine|citadel|mausoleum)(?: complex)?"
)
#: A country named with its kind before it: "the tiny republic of Vellmar", "the island nation of Palemo".
_COUNTRY_OF = (
    r"(?:[Tt]he (?:[A-Za-z-]+ ){0,3}(?:republic|kingdom|nation|country|state|island|islands|emirate|principality"
    r"|federation|archipelago|sultanate) of )?"
)
#: Words that put a person at the head of a sentence: "The guitarist X", "Cellist X".
_LEAD = (
    r"(?:[Tt]he )?(?:[a-z-]+ ){0,2}(?:(?:[A-Z][a-z]+ist|Drummer|Singer|Poet|Painter|Chef|Director|Author|Actor|Actress"
    r"|Composer|Producer|Architect|Designer|Photographer|Writer|Novelist) (?=[A-Z]))?"
)
_PRONOUN = r"(?:he|she|they)"
#: A place's relative clause of someone's birth, death or study: "Sendai, where cellist X was born", "Coyoacán, the
#: Mexico City borough where X died", "Rosario is the city where X was born", "Montevideo is where the poet X died".
_WHERE = (
    r"(?:, the (?:[A-Za-z-]+ ){0,3}?(?:city|town|village|borough|district|neighbourhood|island|country|place|university"
    r"|college|school)| is(?: the (?:city|town|village|place|island|country|university|college|school))?)?,? where (?:the )?"
    r"(?:[a-z-]+ ){0,2}"
)
#: A description in apposition before a person: "The mayor of Curitiba, Renata Albuquerque, …".
_DESCRIBED = r"(?:(?<=[Tt]he )[a-z]+ of [A-Z][^,;]*, )?"
#: Where a plain birth or death stands: the sentence's start, or after a finding that asserts it ("Archive research
#: shows …", "biographers now agree that …"); a rumour's or a claim's "that" asserts nothing.
_ASSERTED = "(?:^|(?<=that )(?:{})|(?<=[sd] )(?:{}))".format(  # the cheap lookbehind first: most places fail it
    "|".join(
        rf"(?<=\b{w} that )"
        for w in "agree agreed confirmed confirms shows showed found finds established clarified proves".split()
    ),
    "|".join(rf"(?<=\b{w} )" for w in "shows showed confirms confirmed found proves".split()),
)
#: A site's kind said after its name: "The Silver Stag sculpture".
_KIND_AFTER = r"(?:sculpture|statue|memorial|fountain|monument|mural|installation|building)"
#: "is", "is actually", "now stands": how a sentence places a site, or corrects where it stands.
_PLACED = (
    r"(?:,? which)? (?:is|now stands|stands|now sits|sits) (?:actually |really |in fact |now )?(?:located |situated )?"
    r"in (?:the )?(?:(?:city|town|village|county|region|province|canton|department) of )?"
)

MORE_SHAPES: tuple[Shape, ...] = compiled(
    (
        # "Winter Ferry, a film by director Mart Kivi, won", "The film Roma, directed by Alfonso Cuarón, is set …",
        # "The Salt Orchard, from director Lucrecia Vidal, opens", "Parasite (dir. Bong Joon-ho, 2019)"
        (
            "directed by",
            rf"(?:^|(?<=; ))(?:[Tt]he {_FILM} )?{title_slot('w')}, (?:(?:the |an? )(?:[a-z-]+ ){{0,2}}(?:{_FILM} from|{_SCREEN} by) "
            rf"{_MAKER}|(?:co-)?directed by |from (?:the )?(?:[a-z-]+ )?(?:director|filmmaker) ){person_slot('p')}",
            "w",
            "p",
        ),
        ("directed by", rf"{title_slot('w')} \((?:dir\.|directed by) {person_slot('p')}", "w", "p"),
        (
            "author of",
            rf"(?:^|(?<=; ))(?:[Tt]he {_BOOK} )?{title_slot('w')}, (?:(?:the |an? )(?:[a-z-]+ ){{0,2}}{_BOOK} by "
            rf"{_MAKER}|(?:co-)?written by |penned by ){person_slot('p')}",
            "p",
            "w",
        ),
        # "Mateo Ferrari, the author of the Lighthouse Keeper trilogy, lives in Trieste"
        (
            "author of",
            rf"(?:^|(?<=, )){person_slot('p')}, (?:the|an?) (?:[a-z-]+ )?author of (?:the )?(?P<w>{TITLE_WORDS}"
            rf"(?: {_BOOK})?),",
            "p",
            "w",
        ),
        # "Jonas Reyes wrote The Cartographer's Daughter, which won …" (once its quotes are off)
        (
            "author of",
            rf"(?:^|(?<=, )){person_slot('p')} (?:wrote|penned|co-wrote) (?:the {_BOOK} )?{title_slot('w')}"
            r"(?=[,.;]| (?:in|on) \d|$)",
            "p",
            "w",
        ),
        # "Bong Joon-ho's Parasite was the first non-English film to win …", "… 's One Hundred Years of Solitude
        # sold out within weeks of publication": a bare possessive credit, its kind said elsewhere in the sentence
        (
            "directed by",
            rf"^{_FILM_CONTEXT}{_NO_CAST}{_NOT_A_STUDIO}{person_slot('p')}(?:'s|') {title_slot('w')}(?:,| [a-z]+\b)",
            "w",
            "p",
        ),
        (
            "author of",
            rf"^{_BOOK_CONTEXT}(?!.*\b(?:films?|movies?)\b){_NOT_A_STUDIO}{person_slot('p')}(?:'s|') "
            rf"{title_slot('w')}(?:,| [a-z]+\b)",
            "p",
            "w",
        ),
        # several works in one credit
        ("directed by", rf"^{_WORKS} (?:were|are) (?:both |all )?(?:co-)?directed by {person_slot('p')}", "works", "p"),
        ("author of", rf"^{_WORKS} (?:were|are) (?:both |all )?(?:written|penned) by {person_slot('p')}", "p", "works"),
        (
            "author of",
            rf"^{person_slot('p')} (?:has )?(?:wrote|written|penned) (?:two|three|four|five|six|several|the) "
            rf"{_BOOK}s?,? (?:including |among them |namely )?{_WORKS}",
            "p",
            "works",
        ),
        (
            "directed by",
            rf"^{person_slot('p')} (?:has )?directed (?:two|three|four|five|six|several|the) {_FILM}s?,? "
            rf"(?:including |among them |namely )?{_WORKS}",
            "works",
            "p",
        ),
        (
            "author of",
            rf"^Among the {_BOOK}s (?:written|penned) by {person_slot('p')} (?:are|were) {_WORKS}",
            "p",
            "works",
        ),
        # a birth or a death placed by a relative clause: "Sendai, where cellist Kasumi Oda was born, …",
        # "Frédéric Chopin spent his last months in Paris, where he died"
        ("born in", rf"^{name_slot('o')}{_WHERE}{person_slot('p')} was born\b", "p", "o"),
        ("died in", rf"^{name_slot('o')}{_WHERE}{person_slot('p')} (?:died|passed away)\b", "p", "o"),
        ("educated at", rf"^{name_slot('o')}{_WHERE}{person_slot('p')} (?:studied|trained|read [a-z]+)\b", "p", "o"),
        (
            "died in",
            rf"^{_LEAD}{person_slot('p')} [^;]*? (?:in|to|at) {name_slot('o')}, where {_PRONOUN} (?:later |eventually )?"
            r"(?:died|passed away)\b",
            "p",
            "o",
        ),
        # "Teodor Wilk spent his final years by the sea, dying in Gdańsk at the age of 81"
        ("died in", rf"^{_LEAD}{person_slot('p')} [^;]*?, dying in {name_slot('o')}", "p", "o"),
        # the event said plainly, whatever the sentence says next ("… and moved to London as a teenager"), or
        # with its time first ("died on Saturday in Bamako")
        (
            "born in",
            rf"{_ASSERTED}{_LEAD}{_DESCRIBED}{person_slot('p')}(?: \([^)]*\))?,? was born(?: and (?:raised|bred))? (?:on [^,;]+? )?in "
            rf"{name_slot('o')}(?!.*\b(?:was|were) born\b)",  # a second birthplace corrects the first
            "p",
            "o",
        ),
        (
            "died in",
            rf"{_ASSERTED}{_LEAD}{_DESCRIBED}{person_slot('p')}(?: \([^)]*\))?,? died (?:(?:on|last|this) [A-Za-z]+ |in \d{{4}} |in exile |aged \d+ "
            rf"|at (?:the )?age (?:of )?\d+ ){{0,2}}in {name_slot('o')}(?!.*\bdied\b)",
            "p",
            "o",
        ),
        # a pronoun after the clause that names the person: "X (1942–2025) was a poet. Born in Lublin, she died in
        # Gdańsk", "X is a footballer …; born in Aarhus, he previously played for AGF"
        (
            "born in",
            rf"^{person_slot('p')}\b[^;.]*[;.] (?:[Bb]orn|[Rr]aised) in {name_slot('o')}(?: in \d{{4}})?, {_PRONOUN}\b",
            "p",
            "o",
        ),
        (
            "died in",
            rf"^{person_slot('p')}\b[^;.]*[;.] (?:[A-Z][^,;.]*, )?{_PRONOUN} (?:later )?died in {name_slot('o')}",
            "p",
            "o",
        ),
        # "A Lagos-born engineer, Tunde Bakare is …": a birthplace as an adjective of a description before the name
        (
            "born in",
            rf"^(?:[Aa]n?|[Tt]he) (?P<o>{_CAP}[\w'.-]*)-born (?:[a-z-]+ ){{0,2}}?[a-z-]+, {person_slot('p')}",
            "p",
            "o",
        ),
        # "Zsofia Bakos is the director of Snowline, the festival has clarified"
        (
            "directed by",
            rf"^{person_slot('p')} is (?:actually |in fact )?the (?:director|co-director) of (?:the (?:film|documentary"
            rf"|movie) )?{title_slot('w')}(?=[,.;]|$)",
            "w",
            "p",
        ),
        # "Ravi Iyer and Anjali Das are married": each the other's spouse
        ("married to", rf"^{person_slot('p')} and {person_slot('o')} are (?:now )?married\b", "p", "o"),
        ("married to", rf"^{person_slot('o')} and {person_slot('p')} are (?:now )?married\b", "p", "o"),
        # "Ferrum Labs, the startup Ines Carvalho launched in 2020,": an organisation its founder is said to have made
        (
            "founded by",
            rf"^{name_slot('w')}, the (?:[a-z-]+ ){{0,2}}(?:startup|start-up|company|firm|brand|band|label|charity|chain"
            rf"|business) {person_slot('p')} (?:co-?founded|founded|launched|started|set up|established)\b",
            "w",
            "p",
        ),
        # "Norwegian Wood, the novel Haruki Murakami wrote in Greece,"
        (
            "author of",
            rf"^{title_slot('w')}, the (?:[a-z-]+ )?{_BOOK} {person_slot('p')} (?:wrote|penned)\b",
            "p",
            "w",
        ),
        # "Directed by Ryusuke Hamaguchi, Drive My Car stars …"
        ("directed by", rf"(?:^|(?<=: ))[Dd]irected by {person_slot('p')}, {title_slot('w')} [a-z]+s\b", "w", "p"),
        # a fact box: "Name: Lucía Benítez. Born: Rosario."
        (
            "born in",
            rf"^Name: {person_slot('p')}\. (?:[A-Z][a-z ]+: [^.:]+\. )*Born: (?:\d{{4}},? )?(?:in )?(?P<o>[^.:;,]+)\.",
            "p",
            "o",
        ),
        (
            "died in",
            rf"^Name: {person_slot('p')}\. (?:[A-Z][a-z ]+: [^.:]+\. )*Died: (?:\d{{4}},? )?(?:in )?(?P<o>[^.:;,]+)\.",
            "p",
            "o",
        ),
        # a language as a description of its speaker
        (
            "speaks",
            rf"(?:^|(?<=, )){_LEAD}{person_slot('p')},? (?:is )?an? (?:fluent|native|natural|first-language) "
            rf"(?P<langs>{_LANGUAGE}) speaker\b",
            "p",
            "",
        ),
        (
            "speaks",
            rf"\b(?:[Tt]he |[Aa]n? )?(?P<langs>{_LANGUAGE})-speaking (?:[a-z-]+ ){{0,2}}{person_slot('p')}",
            "p",
            "",
        ),
        (
            "speaks",
            rf"^{person_slot('p')} [^,;]*? in (?P<langs>{_LANGUAGE}), (?:a|the) language {_PRONOUN} (?:also )?speaks\b",
            "p",
            "",
        ),
        (
            "speaks",
            rf"^(?:Besides|Apart from|As well as|In addition to|Alongside) (?P<langs2>{_LANGS}), (?:the )?(?:[a-z-]+ "
            rf"){{0,2}}{person_slot('p')} (?:also )?speaks (?:fluent )?(?P<langs>{_LANGS})",
            "p",
            "",
        ),
        # "The diplomat Henrik Aalto speaks Finnish"
        ("speaks", rf"^{_LEAD}{person_slot('p')} (?:also )?speaks (?:fluent )?(?P<langs>{_LANGS})", "p", ""),
        # a group's members: two at once, one by their place in it, a lineup that names them
        (
            "member of",
            rf"^{person_slot('p')} and {person_slot('p2')} are (?:both |all )?members of (?:the )?(?:[a-z-]+ ){{0,2}}"
            rf"{name_slot('o')}",
            "p",
            "o",
        ),
        (
            "member of",
            rf"(?:^|(?<=, )){_LEAD}{person_slot('p')},? (?:is |who is )?(?:also )?(?:the|an?) (?:founding |longtime "
            rf"|long-time |full )?{_MEMBER_ROLE} (?:of|in|with) (?:both )?(?:the )?(?:{_CAP}[\w-]* )?(?:[a-z-]+ ){{0,2}}"
            rf"{_GROUP} {name_slot('o')}",
            "p",
            "o",
        ),
        (
            "member of",
            rf"(?:^|(?<=, )){_LEAD}{person_slot('p')},? (?:is |who is )?(?:also )?an? (?:founding |longtime |long-time "
            rf"|full )?member of both (?:the )?{name_slot('o')} and (?:the )?{name_slot('o2')}",
            "p",
            "o",
        ),
        # "Yara Nassar, a member of the Green Alliance party, spoke …"
        (
            "member of",
            rf"(?:^|(?<=, )){person_slot('p')}, (?:a|an|the) (?:founding |longtime |long-time |leading )?member of (?:the )?"
            rf"{name_slot('o')}(?: {_GROUP})?,",
            "p",
            "o",
        ),
        (
            "member of",
            rf"^{name_slot('o')}(?:'s|') (?:line-?up|ranks|roster) (?:now |also )?(?:includes|features) {person_slot('p')}",
            "p",
            "o",
        ),
        # a school said with where someone studied: "X (born 1971 in Kano) is an economist who studied at Harvard
        # University", "Born in Cluj, the violinist X studied at the Juilliard School", "… before reading law at Oxford"
        (
            "educated at",
            rf"(?:^|(?<=, )){_LEAD}{person_slot('p')}(?: \([^)]*\))?(?: is an? (?:[a-z-]+ ){{1,3}}who)? (?:studied|trained)"
            rf"(?: [a-z]+)? at (?:the )?{name_slot('o')}(?: and (?:later |then )?at (?:the )?{name_slot('o2')})?",
            "p",
            "o",
        ),
        (
            "educated at",
            rf"^{_LEAD}{person_slot('p')} [^;]*?\b(?:before|after) (?:reading [a-z]+ at|studying(?: [a-z]+)? at|graduating from)"
            rf" (?:the )?{name_slot('o')}",
            "p",
            "o",
        ),
        # a site by its place's possessive, whatever it is then said to do ("Glasgow's Kelvinside Observatory
        # reopens …"); the place is one word, so an architect's possessive ("Antoni Gaudí's …") is none
        (
            "located in",
            rf"^(?:[Tt]he )?(?P<o>{_CAP}[\w-]+(?: City)?)(?:'s|') (?P<site>(?:{_CAP}[\w'-]* )*?{_CAP}[\w'-]*)"
            r"(?= [a-z]|,)",
            "site",
            "o",
        ),
        (
            "located in",
            rf"^(?:[Tt]he )?{name_slot('w')}, (?:the|an?) (?:[a-z-]+ ){{0,3}}?{_SITE_KIND} (?:in|on) {name_slot('o')}"
            rf"(?=[,.;]|$)",
            "w",
            "o",
        ),
        (
            "located in",
            rf"^{name_slot('o')} is (?:also |now )?home to {name_slot('w')}, (?:the|an?) (?:[a-z-]+ ){{0,3}}?"
            rf"{_SITE_KIND}\b",
            "w",
            "o",
        ),
        (
            "located in",
            rf"^(?:[Tt]he )?{name_slot('site')} (?:is|lies|sits) (?:located |situated )?in (?:the )?(?:county|canton|"
            rf"region|province|state|district|department|prefecture|municipality) of {name_slot('o')}",
            "site",
            "o",
        ),
        (
            "located in",
            rf"^(?:[Tt]he )?{name_slot('site')} (?:spans|crosses|straddles) (?:the |a )?(?:[a-z-]+ ){{1,2}}?in "
            rf"{name_slot('o')}",
            "site",
            "o",
        ),
        # "Petra, in southern Jordan, was carved …", "The Colosseum, in the heart of Rome, …": a site by its article,
        # or a one-word name (a person's has two)
        *(
            (
                "located in",
                rf"^{site}, (?:in|on) (?:the )?(?:(?:[a-z-]+ ){{1,2}}of (?:the )?|(?:[a-z]+ern|central) )?{name_slot('o')},",
                "w",
                "o",
            )
            for site in (rf"[Tt]he {name_slot('w')}", rf"(?P<w>{_CAP}[\w'-]+)")
        ),
        # "The mountain village of Hallstatt is located in Upper Austria"
        (
            "located in",
            rf"^[Tt]he (?:[a-z-]+ ){{0,2}}(?:village|town|city|hamlet|island|port) of {name_slot('w')}{_PLACED}"
            rf"{name_slot('o')}",
            "w",
            "o",
        ),
        # "The Museu do Sal is actually in Figueira da Foz", "The Silver Stag sculpture now stands in Leeds"
        ("located in", rf"^(?:[Tt]he )?{name_slot('site')}{_PLACED}{name_slot('o')}", "site", "o"),
        ("located in", rf"^(?:[Tt]he )?{name_slot('w')} {_KIND_AFTER}{_PLACED}{name_slot('o')}", "w", "o"),
        # "The Kingdom of Aldmere's seat of government and capital is now Saltmarsh"
        (
            "capital",
            rf"^(?:[Tt]he )?{name_slot('s')}(?:'s|') (?:[a-z ]+ and )?capital(?: city)? is (?:now )?{name_slot('o')}",
            "s",
            "o",
        ),
        # a company's seat by its head office or its base: "The head office of Tessaly Foods sits … in Porto"
        (
            "headquartered in",
            rf"^[Tt]he (?:head office|headquarters|HQ) of {name_slot('w')} (?:is|are|sits|stands|lies)(?: located| situated)? "
            rf"(?:(?:on|at|in|by) (?:the |a )?(?:[A-Za-z-]+ ){{0,2}}?)?in {name_slot('o')}",
            "w",
            "o",
        ),
        (
            "headquartered in",
            rf"^{name_slot('w')}, with (?:its )?(?:headquarters|head office) in {name_slot('o')},",
            "w",
            "o",
        ),
        ("headquartered in", rf"^Based in {name_slot('o')}, {name_slot('w')} [a-z]+s\b", "w", "o"),
        # a country's language by what its law or its people do with it
        (
            "official language",
            rf"^(?P<o>{_LANGUAGE}) is (?:the|an|one of the) official languages? of {_COUNTRY_OF}{name_slot('s')}",
            "s",
            "o",
        ),
        (
            "official language",
            rf"(?:^|(?<=, ))(?:(?:In|By|Since) \d{{4}},? )?{_COUNTRY_OF}"
            rf"{name_slot('s')} (?:made|adopted|declared|named) (?P<o>{_LANGUAGE}) (?:as )?its (?:sole )?official "
            r"language",
            "s",
            "o",
        ),
        (
            "official language",
            rf"^[Tt]he (?P<dem>{_DEMONYM}) (?:constitution|government|parliament|state) (?:names|makes|declares|"
            rf"recognises|recognizes|lists) (?P<o>{_LANGUAGE}) as (?:the country's|its|the) (?:sole )?official "
            r"language",
            "dem",
            "o",
        ),
        (
            "official language",
            rf"^(?P<dem>{_DEMONYM})s speak (?P<o>{_LANGUAGE}), (?:the country's|their) (?:official|national) language",
            "dem",
            "o",
        ),
        (
            "capital",
            rf"^(?:[Tt]he )?[Cc]apital (?:city )?of {_COUNTRY_OF}{name_slot('s')} is {name_slot('o')}",
            "s",
            "o",
        ),
    )
)
