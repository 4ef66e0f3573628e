"""Who plays in the demo event: names and clubs a British domino league might field."""

ENTRANTS = [
    ("Margaret Holloway", "Leek DC", 1840), ("Desmond Achebe", "Wolverhampton Dominoes", 1815),
    ("Priya Raman", "Leek DC", 1790), ("Tomasz Wójcik", "Burslem Fives", 1765),
    ("Aoife Brennan", "Stoke Threes", 1750), ("Gareth Pryce", "Cardiff Arms", 1722),
    ("Siobhan O'Neill", "Stoke Threes", 1705), ("Kwame Mensah", "Wolverhampton Dominoes", 1690),
    ("Eleanor Whitlock", "Burslem Fives", 1671), ("Rajesh Kapoor", "Cardiff Arms", 1655),
    ("Bethan Lloyd", "Leek DC", 1640), ("Hamish Sutherland", "", 1622),
    ("Yasmin Haddad", "Stoke Threes", 1610), ("Oluwaseun Adeyemi", "Burslem Fives", 1598),
    ("Fiona MacLeod", "Cardiff Arms", 1580), ("Connor Doyle", "Wolverhampton Dominoes", 1565),
    ("Ingrid Sørensen", "", 1550), ("Marcus Bell", "Leek DC", 1536),
    ("Chen Wei", "Burslem Fives", 1520), ("Patricia Okafor", "Stoke Threes", 1502),
    ("Dylan Hughes", "Cardiff Arms", 1488), ("Nadia Petrova", "", 1470),
    ("Samuel Cole", "Wolverhampton Dominoes", 1455), ("Rosie Tanner", "Leek DC", None),
]

# The knock-out cup, every place drawn by lot: 13 entrants, so the draw gives three byes.
CUP_ENTRANTS = [
    ("Alan Meakin", "Cheadle RBL"), ("Bernadette Shaw", "Leek DC"),
    ("Clive Rowley", "Tunstall Legion"), ("Dawn Hollins", "Biddulph Moor"),
    ("Errol Campbell", "Hanley DC"), ("Freya Goodwin", "Stone Cons"),
    ("Gordon Tse", "Hanley DC"), ("Hilary Barks", "Kidsgrove Arms"),
    ("Imran Qureshi", "Longton WMC"), ("Joan Mountford", "Fenton Sports"),
    ("Keith Plant", "Cheadle RBL"), ("Lydia Bourne", "Leek DC"),
    ("Mohan Gill", "Longton WMC"),
]

DIRECTOR = ("director", "domino-director-61")
ARBITERS = [("arbiter", "domino-arbiter-61"), ("arbiter2", "domino-arbiter2-61")]

# The pairs event (BNDCC rules): name (blank: made from the members), the two members
# with their clubs, the pair's rating.
PAIRS = [
    ("", ("Doreen Platt", "Tunstall Legion"), ("Harold Platt", "Tunstall Legion"), 1810),
    ("The Fenton Fives", ("Kevin Boulton", "Fenton Sports"), ("Lorraine Salt", "Fenton Sports"),
     1790),
    ("", ("Amrit Sandhu", "Longton WMC"), ("Jas Sandhu", "Longton WMC"), 1772),
    ("", ("Brian Shenton", "Cheadle RBL"), ("Pauline Hurst", "Leek DC"), 1748),
    ("Double Six", ("Wayne Cope", "Burslem Fives"), ("Darren Cope", "Burslem Fives"), 1731),
    ("", ("Moira Bagnall", "Kidsgrove Arms"), ("Stan Wootton", "Kidsgrove Arms"), 1706),
    ("", ("Lee Ching", "Hanley DC"), ("Abdul Rahman", "Hanley DC"), 1690),
    ("", ("Glenys Pointon", "Stone Cons"), ("Terry Pointon", "Stone Cons"), 1664),
    ("Knock Knock", ("Sharon Mayer", "Biddulph Moor"), ("Gail Tomkinson", "Biddulph Moor"),
     1641),
    ("", ("Dennis Ho", "Hanley DC"), ("Craig Bennion", "Stoke Threes"), 1620),
    ("", ("Ruth Adams", "Leek DC"), ("Owen Adams", "Leek DC"), 1598),
    ("", ("Mick Salt", "Fenton Sports"), ("Janet Lovatt", ""), None),
]

# The club night where the players enter and accept their own results (players_accept).
TABLE_ENTRANTS = [
    ("Joan Bloor", "Leek DC", 1720), ("Arthur Mycock", "Leek DC", 1695),
    ("Sunita Patel", "Cheddleton", 1660), ("Colin Brindley", "Cheddleton", 1640),
    ("Maureen Goodwin", "Rudyard", 1615), ("Trevor Ash", "Rudyard", 1590),
    ("Lucy Heath", "Leek DC", 1570), ("Imran Sheikh", "Cheddleton", 1545),
    ("Glenys Rowley", "Rudyard", 1520), ("Keith Sherratt", "", 1500),
]

# The pub league's Division 1: six teams of eight, each with its home pub (the captain is
# the second name of each roster).
LEAGUE_TEAMS = [
    ("Red Lion", "Leek", "The Red Lion, Leek", [
        "Alf Bennett", "Maureen Boothby", "Carl Rigby", "Denise Lomas", "Eddie Platt",
        "Gwen Salt", "Harry Tatton", "Irene Mellor"]),
    ("Crown", "Cheddleton", "The Crown, Cheddleton", [
        "Jack Bailey", "Kath Brindley", "Len Fernyhough", "Mavis Hulme", "Norman Beech",
        "Olive Goodall", "Phil Sherratt", "Queenie Dale"]),
    ("Swan", "Stoke", "The Swan, Stoke", [
        "Ray Adams", "Sheila Copestake", "Terry Wain", "Una Hassall", "Vic Tomkinson",
        "Wendy Pointon", "Barry Ash", "Yvonne Bratt"]),
    ("Plough", "Endon", "The Plough, Endon", [
        "Arthur Critchlow", "Brenda Hine", "Colin Heath", "Doreen Poole", "Ernie Fox",
        "Freda Stubbs", "George Alcock", "Hilda Barlow"]),
    ("Bell", "Biddulph", "The Bell, Biddulph", [
        "Ivan Shenton", "Jean Mountford", "Ken Tunnicliffe", "Lorna Myatt", "Mick Ball",
        "Nora Dutton", "Owen Bentley", "Pam Clowes"]),
    ("Anchor", "Hanley", "The Anchor, Hanley", [
        "Reg Cope", "Sandra Allman", "Ted Whalley", "Ursula Birks", "Vernon Lake",
        "Win Oakden", "Stan Leese", "Zena Forrester"]),
]
