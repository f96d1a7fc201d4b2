"""The ninth new labelled set of issue 12, written blind: by a helper who never opened the local
judge's rules or code (nothing under evaluations/judges/ or tests/judges/, not
bench/local_judge.py, not the README's sections on the local judge), labelled only by the rules
of ../shared/data/cc/README.md, and committed before any judge ran on it.

    .venv/bin/python bench/new_set_9.py      # writes bench/data/cc_new9.jsonl

Domains no earlier set used: an optician (ordering glasses), a window-cleaning round, an event
caterer, a theatre box office, a tyre-fitting centre, a music school, a translation agency, a
Spanish florist, a French hotel spa, a German roofer, an Italian campsite, a Portuguese tutoring
centre, a Dutch office water-delivery service and a German public library. Seven conversations
are in English; the others are in Spanish, French, German (two), Italian, Portuguese and Dutch,
with the summary and the completeness facts in the conversation's language. Sections mix the
predefined ones (situation, action, resolution, customer satisfaction, entities), free-text
custom ones (custom actions, follow-up, next steps, product issue) and categorical custom ones
(call driver, contact reason, escalated); one summary (new9-014) uses only predefined sections.

Error classes planted, each in a wording written for this set: a superseded value (a lens option
swapped mid-call; a bottle count lowered a turn later), negation (a part of the job the customer
asked to leave out, equipment the agent said was not needed), offered versus done (a move to
another performance offered and turned down), a value bound to the wrong noun (a deposit given
as a delivery fee; a per-document certification fee given as the translation price), entity
substitution (one axle for the other), wrong counts (platters, documents, nights), a relative
date resolved wrongly ("this coming Saturday", "pasado mañana"), wrong categorical values
(escalated, resolution, customer satisfaction), an ignored style rule and descriptive text in a
categorical section (adherence), and omissions (completeness). Four summaries are clean
(new9-006, new9-009, new9-012, new9-014). The summaries also hold hard correct points:
paraphrases sharing few words with the turns, relative dates resolved right in five languages
("in two weeks", "tomorrow", "this afternoon", "next Wednesday", "the day before", "ten working
days", "ce samedi", "ce soir", "dans quinze jours", "demain", "übermorgen", "morgen", "bis
Samstag", "depois de amanhã", "daqui a quinze dias", "hoje", "morgen" in Dutch), thousands
separators ("$2,094", "1,900 words", "1.200 euros"), times mid-sentence ("at 7:45 AM", "à 15 h",
"às 18h00", "tussen 13:00 en 17:00"), hyphenated numbers ("a 40-minute slot", "45-minute
lessons"), numbers in words ("sixteen windows", "twelve lessons", "quince peonías", "oito aulas",
"zwei der Bücher", "vijf lege flessen") and names of people and products.

14 conversations, 139 accuracy points (16 inaccurate), 50 adherence questions, 140 completeness
facts.

Why one long module: most of it is data, the labelled conversations written out as literals; the
code around them is a few lines, and keeping each conversation beside its labels makes a label
easy to check against the turn it cites.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Importing set 4 adds the custom sections of cc_dev's kind to the definitions `conversation`
# reads (custom actions, returned product, call driver, follow-up, escalated).
from bench import new_set_4  # noqa: F401
from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new9.jsonl"

ROWS: list[dict] = []

# 1. Optician: the blue-light filter swapped for photochromic lenses mid-call, but the summary
# keeps the filter (superseded); "in two weeks" resolved to March 24, the revised total kept.
ROWS.append(
    conversation(
        "new9-001",
        "voice",
        "scheduling",
        "2026-03-10T10:20:00Z",
        "Nadia",
        [
            ("agent", "Brightwell Opticians, this is Nadia. How can I help?"),
            (
                "customer",
                "Hi, I had my eye test with you on Saturday and I'm ready to order the glasses. The name's Callum Reyes.",
            ),
            (
                "agent",
                "Hello Mr. Reyes. I have your prescription here from Dr. Ferreira. Which frame did you settle on in the end?",
            ),
            ("customer", "The Harlow 52 in tortoiseshell, the last one I tried on."),
            (
                "agent",
                "Lovely choice. With single-vision lenses, would you like the blue-light filter? It's $45 on top.",
            ),
            ("customer", "Yes, add the blue-light one."),
            (
                "agent",
                "Okay, so that's the frame at $139, the lenses at $80 and the filter at $45.",
            ),
            (
                "customer",
                "Actually, hold on. I'm outdoors most of the day. Could I have the lenses that go dark in the sun instead of the blue-light thing?",
            ),
            (
                "agent",
                "Of course, that's our photochromic option. It takes the place of the filter and it's $70 rather than $45, so the order comes to $289.",
            ),
            ("customer", "Fine, go with that."),
            (
                "agent",
                "Done. Your order number is BO-60418. The glasses will be ready in two weeks, so from Tuesday the 24th, and we'll send you a text when they're in.",
            ),
            ("customer", "Can I pay when I pick them up?"),
            ("agent", "Yes, there's nothing to pay today."),
            ("customer", "Great, thanks Nadia."),
        ],
        {
            "situation": "Callum Reyes rang to order glasses following his eye test on Saturday. He picked the Harlow 52 frame in tortoiseshell.",
            "custom_actions": "The agent placed order BO-60418 for the Harlow 52 frame with single-vision lenses and the blue-light filter. The order totals $289, payable at collection. The glasses will be ready from Tuesday, March 24.",
            "follow_up": "The practice will text Mr. Reyes once the glasses are in, expected from March 24.",
            "call_driver": "Other",
        },
        [
            (
                "situation",
                "Callum Reyes rang to order glasses following his eye test on Saturday.",
                True,
                "Turn 1.",
            ),
            (
                "situation",
                "He picked the Harlow 52 frame in tortoiseshell.",
                True,
                "Turn 3.",
            ),
            (
                "custom_actions",
                "The agent placed order BO-60418 for the Harlow 52 frame.",
                True,
                "Turns 3 and 10.",
            ),
            (
                "custom_actions",
                "The lenses are single-vision with the blue-light filter.",
                False,
                "The customer swapped the filter for photochromic lenses in turn 7; the agent confirmed the swap.",
            ),
            (
                "custom_actions",
                "The order totals $289, payable at collection.",
                True,
                "Turns 8 and 12: $139 + $80 + $70, nothing to pay today.",
            ),
            (
                "custom_actions",
                "The glasses will be ready from Tuesday, March 24.",
                True,
                "'In two weeks' from Tuesday, March 10.",
            ),
            (
                "follow_up",
                "The practice will text Mr. Reyes once the glasses are in, expected from March 24.",
                True,
                "Turn 10.",
            ),
            ("call_driver", "Call driver: Other", True, "Ordering glasses fits no other value."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "call_driver": [True],
        },
        {
            "situation": [
                [
                    ("Wants to order glasses after Saturday's eye test; Callum Reyes", True),
                    ("Chose the Harlow 52 frame in tortoiseshell", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Ordered the Harlow 52 frame with single-vision lenses", True),
                    ("Nothing to pay today; payment on collection", True),
                ],
                [
                    ("Eye test on Saturday", False),
                    ("Ready in two weeks, from Tuesday the 24th", True),
                ],
                [("Order BO-60418", True)],
                [
                    (
                        "Blue-light filter replaced by photochromic lenses at $70 instead of $45",
                        False,
                    ),
                    ("New total of $289", True),
                ],
            ],
            "follow_up": [[("A text when the glasses are in, from the 24th", True)], []],
        },
    )
)

# 2. Window cleaning: the conservatory roof to be left out but summarised as included
# (negation); "this coming Saturday" from Thursday, April 16 given as Sunday the 19th (wrong
# relative date); "sixteen windows" in words kept right.
ROWS.append(
    conversation(
        "new9-002",
        "chat",
        "scheduling",
        "2026-04-16T08:15:00Z",
        "Owen",
        [
            (
                "customer",
                "Hello, I'd like to book my usual window clean. It's Priya Natarajan, 14 Elmcroft Lane.",
            ),
            (
                "agent",
                "Morning Priya, Owen here at ClearPane Window Cleaning. I can see you're due. Is it the full house, inside and out?",
            ),
            (
                "customer",
                "Outside only this time, please. And skip the conservatory roof, we're having it replaced next month so there's no point.",
            ),
            (
                "agent",
                "Understood, we'll leave the conservatory roof alone. So that's the outside of all 16 windows plus the frames.",
            ),
            ("customer", "Sills as well if you can."),
            (
                "agent",
                "Sills and frames are part of it. I have a crew near you this coming Saturday, arriving between 8 and 10 in the morning. Would that suit?",
            ),
            ("customer", "Saturday's good."),
            (
                "agent",
                "Booked as job WC-3357. It's $68, down from the usual $95 since the roof isn't being done.",
            ),
            ("customer", "Do I need to be home?"),
            (
                "agent",
                "No, just leave the side gate unlocked. The crew will pop a card through the door when they're finished, and we'll text you a payment link afterwards.",
            ),
            ("customer", "Perfect, thanks Owen."),
        ],
        {
            "situation": "Priya Natarajan of 14 Elmcroft Lane wanted her regular window clean, exterior only this time. She asked for the sills to be done as well.",
            "action": "The agent booked job WC-3357 for the outside of all sixteen windows, frames and sills, including the conservatory roof. The price is $68.",
            "next_steps": "A crew arrives on Sunday, April 19 between 8 and 10 AM, and the side gate must be left unlocked. The advisor's team will leave a card and text a payment link after the clean.",
            "contact_reason": "Appointment",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Priya Natarajan of 14 Elmcroft Lane wanted her regular window clean, exterior only this time.",
                True,
                "Turns 0 and 2.",
            ),
            ("situation", "She asked for the sills to be done as well.", True, "Turn 4."),
            (
                "action",
                "The agent booked job WC-3357 for the outside of all sixteen windows, frames and sills.",
                True,
                "Turns 3, 5 and 7.",
            ),
            (
                "action",
                "The booking includes the conservatory roof.",
                False,
                "The customer asked to skip the roof and the agent agreed to leave it alone.",
            ),
            ("action", "The price is $68.", True, "Turn 7."),
            (
                "next_steps",
                "A crew arrives on Sunday, April 19 between 8 and 10 AM.",
                False,
                "'This coming Saturday' from Thursday, April 16 is Saturday, April 18.",
            ),
            ("next_steps", "The side gate must be left unlocked.", True, "Turn 9."),
            (
                "next_steps",
                "The team will leave a card and text a payment link after the clean.",
                True,
                "Turn 9, paraphrased.",
            ),
            ("contact_reason", "Contact reason: Appointment", True, "Booking a clean."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "The clean is booked."),
        ],
        {"next_steps": [True, True], "contact_reason": [True]},
        {
            "situation": [
                [
                    ("Priya Natarajan, 14 Elmcroft Lane, wants her usual window clean", True),
                    ("Outside only this time", True),
                    ("Skip the conservatory roof; it is being replaced next month", False),
                    ("Sills as well", True),
                ]
            ],
            "action": [
                [
                    ("Booked job WC-3357", True),
                    ("Outside of all 16 windows with frames and sills", True),
                    ("Conservatory roof left out", False),
                    ("Price of $68", True),
                    ("Down from $95 because the roof is not done", False),
                ]
            ],
            "next_steps": [
                [
                    ("Crew this coming Saturday (April 18) between 8 and 10 AM", False),
                    ("Leave the side gate unlocked", True),
                    ("Card through the door, then a payment link by text", True),
                ],
                [],
            ],
        },
    )
)

# 3. Caterer: three vegan platters listed as four (wrong count); the $250 deposit listed as the
# delivery fee (value bound to the wrong noun); 'agent' in the follow-up (style rule ignored);
# "$2,094" and "this afternoon" kept right.
ROWS.append(
    conversation(
        "new9-003",
        "voice",
        "billing",
        "2026-06-02T13:30:00Z",
        "Lucia",
        [
            ("agent", "Saffron and Sage Catering, Lucia speaking."),
            (
                "customer",
                "Hi Lucia, it's Graham Whitlock. You're doing the food for my parents' ruby anniversary on Saturday the 20th, booking CT-8841. I need to update the numbers.",
            ),
            ("agent", "Hi Graham. I have 60 guests on the buffet menu at $32 a head."),
            (
                "customer",
                "It's grown. We're now at 72, and of those, five are vegan and two need gluten-free.",
            ),
            (
                "agent",
                "No problem. 72 at $32 is $2,304. For the vegans I'll add three vegan mezze platters at no extra charge, and the gluten-free guests get individually plated meals.",
            ),
            ("customer", "Good. What about the deposit? I paid $250 back in April."),
            (
                "agent",
                "Yes, that's received and comes off the total, so you're at $2,054. Delivery to Oakhurst village hall is a flat $40, which makes the balance $2,094.",
            ),
            ("customer", "And when do you need that by?"),
            (
                "agent",
                "Seven days before the event, so by Saturday the 13th. I'll email you the revised invoice this afternoon.",
            ),
            ("customer", "Can your staff stay and clear up afterwards?"),
            ("agent", "Two of our servers stay until 11 PM for that; it's part of the package."),
            ("customer", "Brilliant, thank you."),
        ],
        {
            "situation": "Graham Whitlock called about booking CT-8841 for his parents' ruby anniversary on Saturday, June 20. He raised the guest count from 60 to 72. Five guests are vegan and two need gluten-free meals.",
            "entities": "booking_number: CT-8841\ncustomer: Graham Whitlock\nguests: 72\nprice_per_head: $32\nvegan_platters: 4\ndelivery_fee: $250\nbalance_due: $2,094\nvenue: Oakhurst village hall",
            "follow_up": "The agent will email the revised invoice this afternoon, June 2. The balance is due by Saturday, June 13. Two servers will stay until 11 PM to clear up.",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Graham Whitlock called about booking CT-8841 for his parents' ruby anniversary on Saturday, June 20.",
                True,
                "Turn 1; the 20th of June 2026 is a Saturday.",
            ),
            ("situation", "He raised the guest count from 60 to 72.", True, "Turns 2 and 3."),
            (
                "situation",
                "Five guests are vegan and two need gluten-free meals.",
                True,
                "Turn 3.",
            ),
            ("entities", "booking_number: CT-8841", True, "Turn 1."),
            ("entities", "customer: Graham Whitlock", True, "Turn 1."),
            ("entities", "guests: 72", True, "Turn 3."),
            ("entities", "price_per_head: $32", True, "Turn 2."),
            ("entities", "vegan_platters: 4", False, "The agent adds three vegan mezze platters."),
            (
                "entities",
                "delivery_fee: $250",
                False,
                "$250 is the deposit paid in April; delivery is a flat $40.",
            ),
            ("entities", "balance_due: $2,094", True, "Turn 6."),
            ("entities", "venue: Oakhurst village hall", True, "Turn 6."),
            (
                "follow_up",
                "The agent will email the revised invoice this afternoon, June 2.",
                True,
                "Turn 8, on June 2.",
            ),
            (
                "follow_up",
                "The balance is due by Saturday, June 13.",
                True,
                "Seven days before June 20.",
            ),
            ("follow_up", "Two servers will stay until 11 PM to clear up.", True, "Turn 10."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Brilliant, thank you.'",
            ),
        ],
        {"follow_up": [True, False]},
        {
            "situation": [
                [
                    ("Booking CT-8841 for the ruby anniversary on Saturday the 20th", True),
                    ("Guests up from 60 to 72", True),
                    ("Five vegan, two gluten-free", True),
                ]
            ],
            "entities": [
                [
                    ("Booking CT-8841", True),
                    ("Graham Whitlock", True),
                    ("72 guests at $32 a head ($2,304)", True),
                    ("Three vegan mezze platters, no charge", False),
                    ("Deposit of $250 paid in April", False),
                    ("Delivery fee of $40", False),
                    ("Balance of $2,094", True),
                    ("Oakhurst village hall", True),
                ]
            ],
            "follow_up": [
                [
                    ("Revised invoice by email this afternoon", True),
                    ("Balance due seven days before, by Saturday the 13th", True),
                    ("Two servers stay until 11 PM to clear up", True),
                ],
                [],
            ],
        },
    )
)

# 4. Theatre box office: a move to the Saturday matinee offered and turned down, summarised as
# done (offered versus done); escalated given as Yes (wrong categorical value); the resale
# refund paraphrased right.
ROWS.append(
    conversation(
        "new9-004",
        "chat",
        "returns",
        "2026-09-23T19:05:00Z",
        "Farah",
        [
            (
                "customer",
                "Hi, I've got two tickets for Friday night's The Glass Orchard, order TX-90215, but my friend can't come any more. Can I do anything with her seat?",
            ),
            (
                "agent",
                "Hi, this is Farah at the Larchmont Playhouse box office. Let me have a look. You have F11 and F12 in the stalls for Friday, September 25 at 7:30 PM.",
            ),
            ("customer", "That's right."),
            (
                "agent",
                "Tickets aren't refundable, but there are two options. I can move both seats to the Saturday matinee at 2:30 PM, where there's a pair free in row D, or I can put her seat into our resale scheme.",
            ),
            ("customer", "I'd rather keep my Friday seat, so let's try reselling F12."),
            (
                "agent",
                "Done, F12 is listed for resale. If it sells, you get the $42 face value back less a $3 handling fee, so $39, within five working days of the performance.",
            ),
            ("customer", "And if nobody buys it?"),
            ("agent", "Then the ticket stays yours and you aren't charged anything."),
            ("customer", "Fair enough. Thank you, Farah."),
        ],
        {
            "situation": "The customer holds stalls seats F11 and F12 for The Glass Orchard on Friday, September 25 at 7:30 PM, order TX-90215. The friend meant to use one of them can no longer come.",
            "action": "The agent moved both tickets to the Saturday matinee at 2:30 PM in row D. Seat F12 was put up for resale. If someone buys it, $39 is paid back within five working days after the show. An unsold seat costs nothing.",
            "escalated": "Yes",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "The customer holds stalls seats F11 and F12 for The Glass Orchard on Friday, September 25 at 7:30 PM, order TX-90215.",
                True,
                "Turns 0 and 1.",
            ),
            (
                "situation",
                "The friend meant to use one of them can no longer come.",
                True,
                "Turn 0.",
            ),
            (
                "action",
                "The agent moved both tickets to the Saturday matinee at 2:30 PM in row D.",
                False,
                "The move was offered; the customer kept the Friday seat and chose resale.",
            ),
            ("action", "Seat F12 was put up for resale.", True, "Turn 5."),
            (
                "action",
                "If someone buys it, $39 is paid back within five working days after the show.",
                True,
                "Turn 5: $42 less a $3 fee.",
            ),
            ("action", "An unsold seat costs nothing.", True, "Turn 7."),
            (
                "escalated",
                "Escalated: Yes",
                False,
                "Farah handled it herself; no supervisor or other team.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "The spare seat is in resale and the customer accepts.",
            ),
        ],
        {"escalated": [True]},
        {
            "situation": [
                [
                    ("Two tickets for Friday night's The Glass Orchard, order TX-90215", True),
                    ("The friend can no longer come", True),
                ]
            ],
            "action": [
                [
                    ("Offered a move to the Saturday matinee or resale of one seat", False),
                    ("Customer keeps the Friday seat F11", False),
                    ("F12 listed for resale", True),
                    ("$42 less a $3 fee, $39, within five working days if it sells", True),
                    ("No charge if it does not sell", True),
                ]
            ],
        },
    )
)

# 5. Tyre fitting: the front tyres summarised as rear ones (entity substitution); descriptive
# text in the call driver (adherence); "tomorrow" resolved to Tuesday, October 6, "a 40-minute
# slot" and "at 7:45 AM" mid-sentence kept right.
ROWS.append(
    conversation(
        "new9-005",
        "voice",
        "scheduling",
        "2026-10-05T07:50:00Z",
        "Declan",
        [
            ("agent", "Roadgrip Tyres, Declan speaking."),
            (
                "customer",
                "Morning. I've got a slow puncture, and while I'm at it I'd like new tyres. It's a 2019 Skoda Octavia, registration KX19 TVR.",
            ),
            ("agent", "Right. Is the puncture at the front or the back?"),
            (
                "customer",
                "Front left. The garage told me both fronts are worn too, close to the limit. The rears are fine, they were replaced last spring.",
            ),
            (
                "agent",
                "Then I'd do two new fronts. In 205/55 R16 I've got the Continental EcoContact 6 at $118 each, fitted and balanced.",
            ),
            ("customer", "Go for those two."),
            (
                "agent",
                "I can fit you in tomorrow at 7:45 AM, before work. It's a 40-minute slot. Your booking reference is TF-27730.",
            ),
            ("customer", "Great. Do I need to bring anything?"),
            (
                "agent",
                "Just the locking wheel nut key. The tyres are $236, plus $6 to dispose of the old ones, so $242.",
            ),
            ("customer", "Fine, see you tomorrow."),
        ],
        {
            "product_issue": "2019 Skoda Octavia, registration KX19 TVR: a slow puncture in the front left tyre, and both front tyres are close to the wear limit.",
            "custom_actions": "The agent booked two Continental EcoContact 6 tyres, size 205/55 R16, at $118 each for the rear axle. Booking TF-27730 is a 40-minute slot on Tuesday, October 6 at 7:45 AM. Disposal of the old tyres adds $6, for a total of $242. The customer must bring the locking wheel nut key.",
            "call_driver": "Appointment - tyre fitting for a puncture",
            "customer_satisfaction": "N",
        },
        [
            (
                "product_issue",
                "The car is a 2019 Skoda Octavia, registration KX19 TVR.",
                True,
                "Turn 1.",
            ),
            (
                "product_issue",
                "It has a slow puncture in the front left tyre.",
                True,
                "Turns 1 and 3.",
            ),
            (
                "product_issue",
                "Both front tyres are close to the wear limit.",
                True,
                "Turn 3.",
            ),
            (
                "custom_actions",
                "The agent booked two Continental EcoContact 6 tyres, size 205/55 R16, at $118 each.",
                True,
                "Turns 4 and 5.",
            ),
            (
                "custom_actions",
                "The tyres are for the rear axle.",
                False,
                "They are two new fronts; the rears were replaced last spring.",
            ),
            (
                "custom_actions",
                "Booking TF-27730 is a 40-minute slot on Tuesday, October 6 at 7:45 AM.",
                True,
                "'Tomorrow' from Monday, October 5.",
            ),
            (
                "custom_actions",
                "Disposal of the old tyres adds $6, for a total of $242.",
                True,
                "Turn 8.",
            ),
            (
                "custom_actions",
                "The customer must bring the locking wheel nut key.",
                True,
                "Turn 8.",
            ),
            (
                "call_driver",
                "Call driver: Appointment - tyre fitting for a puncture",
                True,
                "The call books a fitting: Appointment is right, the added text is an adherence matter.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Fine, see you tomorrow.'",
            ),
        ],
        {
            "product_issue": [True, True],
            "custom_actions": [True, True, True, True],
            "call_driver": [False],
        },
        {
            "product_issue": [
                [("2019 Skoda Octavia, KX19 TVR", True), ("Tyre size 205/55 R16", False)],
                [("Slow puncture, front left", True), ("Both fronts near the wear limit", True)],
            ],
            "custom_actions": [
                [
                    (
                        "Booked two new front tyres, Continental EcoContact 6, fitted and balanced",
                        False,
                    ),
                    ("Asked for the locking wheel nut key", True),
                ],
                [
                    ("Tomorrow (Tuesday, October 6) at 7:45 AM", True),
                    ("Rears replaced last spring", False),
                ],
                [("Booking TF-27730", True)],
                [("$118 each, $236 plus $6 disposal, $242 in total", True)],
            ],
        },
    )
)

# 6. Music school: clean; a year's prepayment offered and declined told as declined, "next
# Wednesday" resolved to September 2 and "the day before" to September 1, "twelve" in words,
# "45-minute lessons", "at 4:30 PM" mid-sentence, a product model.
ROWS.append(
    conversation(
        "new9-006",
        "chat",
        "scheduling",
        "2026-08-27T16:00:00Z",
        "Jonah",
        [
            (
                "customer",
                "Hello, I'd like to sign my daughter Amara up for saxophone lessons this autumn. She's 12 and a complete beginner.",
            ),
            (
                "agent",
                "Hi, it's Jonah from Westfield School of Music. Lovely! Ms. Okonkwo has beginner slots on Wednesdays at 4:30 PM. Lessons are 45 minutes.",
            ),
            ("customer", "Wednesdays work. When does it start?"),
            ("agent", "Term begins next Wednesday and runs for 12 weeks."),
            ("customer", "How much is it?"),
            (
                "agent",
                "$27 a lesson, so $324 for the term. If you book the whole school year of 36 lessons up front, it's $864 instead of $972.",
            ),
            ("customer", "Let's just do the term for now, in case she doesn't take to it."),
            ("agent", "Very sensible. Does she have an instrument?"),
            ("customer", "Not yet."),
            (
                "agent",
                "We rent out a Yamaha YAS-280 alto sax for $19 a month, and if she keeps it past a year, the rent paid counts towards buying it.",
            ),
            ("customer", "Yes please, we'll rent one."),
            (
                "agent",
                "All set: enrolment EN-4412, term fee $324, sax rental $19 a month from September 1. The sax will be waiting at reception on Tuesday afternoon, the day before her first lesson.",
            ),
            ("customer", "Wonderful, thank you!"),
        ],
        {
            "situation": "A parent wanted to enrol their twelve-year-old daughter Amara, a beginner, in saxophone lessons this autumn.",
            "action": "Jonah enrolled Amara for one term of twelve 45-minute lessons with Ms. Okonkwo, on Wednesdays at 4:30 PM. The term costs $324 under enrolment EN-4412. The parent preferred this to prepaying the whole year. He also set up rental of a Yamaha YAS-280 alto saxophone at $19 per month from September 1, and rent paid counts towards buying it if kept past a year.",
            "next_steps": "The saxophone can be collected from reception on the afternoon of Tuesday, September 1. The first lesson is on Wednesday, September 2 at 4:30 PM.",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "A parent wanted to enrol their twelve-year-old daughter Amara, a beginner, in saxophone lessons this autumn.",
                True,
                "Turn 0, paraphrased.",
            ),
            (
                "action",
                "Jonah enrolled Amara for one term of twelve 45-minute lessons with Ms. Okonkwo, on Wednesdays at 4:30 PM.",
                True,
                "Turns 1, 3 and 6.",
            ),
            ("action", "The term costs $324 under enrolment EN-4412.", True, "Turn 11."),
            (
                "action",
                "The parent preferred this to prepaying the whole year.",
                True,
                "Turn 6: the year offer was declined.",
            ),
            (
                "action",
                "He set up rental of a Yamaha YAS-280 alto saxophone at $19 per month from September 1.",
                True,
                "Turns 9 and 11.",
            ),
            (
                "action",
                "Rent paid counts towards buying it if kept past a year.",
                True,
                "Turn 9.",
            ),
            (
                "next_steps",
                "The saxophone can be collected from reception on the afternoon of Tuesday, September 1.",
                True,
                "'Tuesday afternoon, the day before her first lesson.'",
            ),
            (
                "next_steps",
                "The first lesson is on Wednesday, September 2 at 4:30 PM.",
                True,
                "'Next Wednesday' from Thursday, August 27.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Wonderful, thank you!'",
            ),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [[("Daughter Amara, 12, complete beginner, saxophone this autumn", True)]],
            "action": [
                [
                    ("Wednesday 4:30 PM slot with Ms. Okonkwo, 45-minute lessons", True),
                    ("One term of 12 lessons at $27, $324", True),
                    ("Year of 36 lessons for $864 offered, not taken", True),
                    ("Yamaha YAS-280 rental at $19 a month from September 1", True),
                    ("Rent counts towards buying after a year", True),
                    ("Enrolment EN-4412", True),
                ]
            ],
            "next_steps": [
                [
                    ("Sax ready at reception on Tuesday afternoon", True),
                    ("First lesson next Wednesday; term of 12 weeks", True),
                ],
                [],
            ],
        },
    )
)

# 7. Translation agency: three documents summarised as four (wrong count); the $35 certification
# fee given as the translation price (value bound to the wrong noun); "ten working days"
# resolved to Tuesday, July 28, "1,900 words" kept right.
ROWS.append(
    conversation(
        "new9-007",
        "voice",
        "billing",
        "2026-07-14T11:00:00Z",
        "Sven",
        [
            ("agent", "Polyglot Bridge Translations, Sven speaking."),
            (
                "customer",
                "Hi Sven, I'm Ines Kovač. I need my Croatian birth certificate, marriage certificate and university diploma put into English for a visa application. Certified translations.",
            ),
            (
                "agent",
                "Of course. Could you email scans to quotes@polyglotbridge.example?",
            ),
            ("customer", "I sent them first thing this morning."),
            (
                "agent",
                "Ah yes, got them. The diploma has a transcript attached, so it's about 1,900 words across the three. We charge $0.14 a word for translation, and certification is $35 per document.",
            ),
            ("customer", "So what does that come to?"),
            (
                "agent",
                "1,900 words at $0.14 is $266, plus $105 for the three certifications, so $371 altogether.",
            ),
            ("customer", "Ouch. And how long will it take?"),
            (
                "agent",
                "Standard turnaround is ten working days, which takes us to Tuesday the 28th. Express is five working days but costs 30% more.",
            ),
            ("customer", "Standard's fine, my appointment isn't until August."),
            (
                "agent",
                "I've opened job TR-5106. You'll get the invoice today, and we start as soon as it's paid. The certified copies go out by tracked post.",
            ),
            ("customer", "Okay, thanks."),
        ],
        {
            "situation": "Ines Kovač needs certified English translations of four Croatian documents. They are for a visa application.",
            "custom_actions": "The agent opened job TR-5106. The documents come to about 1,900 words. Translation is charged at $35 per document, and the quote totals $371. Standard turnaround was chosen over express, with delivery by Tuesday, July 28.",
            "follow_up": "The representative will send the invoice today, July 14. Translation starts once it is paid. The certified copies go out by tracked mail.",
            "call_driver": "Other",
        },
        [
            (
                "situation",
                "Ines Kovač needs certified English translations of four Croatian documents.",
                False,
                "Three documents: a birth certificate, a marriage certificate and a diploma.",
            ),
            ("situation", "They are for a visa application.", True, "Turn 1."),
            ("custom_actions", "The agent opened job TR-5106.", True, "Turn 10."),
            ("custom_actions", "The documents come to about 1,900 words.", True, "Turn 4."),
            (
                "custom_actions",
                "Translation is charged at $35 per document.",
                False,
                "Translation is $0.14 a word; $35 per document is the certification fee.",
            ),
            ("custom_actions", "The quote totals $371.", True, "Turn 6."),
            (
                "custom_actions",
                "Standard turnaround was chosen over express.",
                True,
                "Turns 8 and 9.",
            ),
            (
                "custom_actions",
                "Delivery is due by Tuesday, July 28.",
                True,
                "Ten working days from Tuesday, July 14.",
            ),
            (
                "follow_up",
                "The representative will send the invoice today, July 14.",
                True,
                "Turn 10.",
            ),
            ("follow_up", "Translation starts once it is paid.", True, "Turn 10."),
            ("follow_up", "The certified copies go out by tracked mail.", True, "Turn 10."),
            ("call_driver", "Call driver: Other", True, "A translation order and quote."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "call_driver": [True],
        },
        {
            "situation": [
                [
                    (
                        "Certified English translations of a birth certificate, a marriage certificate and a diploma",
                        False,
                    ),
                    ("For a visa application", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Opened job TR-5106", True),
                    (
                        "Quoted 1,900 words at $0.14 plus $35 certification per document, $371",
                        False,
                    ),
                    ("Standard turnaround chosen", True),
                ],
                [
                    ("Ten working days, Tuesday the 28th", True),
                    ("Appointment in August", False),
                ],
                [("Job TR-5106", True)],
                [],
            ],
            "follow_up": [
                [
                    ("Invoice today", True),
                    ("Work starts on payment", True),
                    ("Certified copies by tracked post", True),
                ],
                [],
            ],
        },
    )
)

# 8. Spanish florist: "pasado mañana" from Monday, May 4 given as Thursday the 7th (wrong
# relative date); "quince peonías", "7,50 euros" and "entre las 10:00 y las 13:00" kept right.
ROWS.append(
    conversation(
        "new9-008",
        "voice",
        "scheduling",
        "2026-05-04T12:10:00Z",
        "Rocío",
        [
            ("agent", "Floristería Los Almendros, le atiende Rocío."),
            (
                "customer",
                "Hola, buenos días. Quería encargar un ramo para el cumpleaños de mi madre, que es pasado mañana.",
            ),
            ("agent", "Con mucho gusto. ¿Tiene alguna flor en mente?"),
            ("customer", "Le encantan las peonías. ¿Tienen?"),
            (
                "agent",
                "Sí, nos llegan peonías rosas mañana martes. Le propongo un ramo de quince peonías con eucalipto por 58 euros.",
            ),
            ("customer", "Perfecto. ¿Se lo pueden llevar a casa?"),
            ("agent", "Claro. ¿Me da la dirección?"),
            (
                "customer",
                "Calle Doctor Fleming 23, tercero B, en Getafe. Se llama Carmen Ruiz.",
            ),
            (
                "agent",
                "El envío a Getafe son 7,50 euros, así que el total queda en 65,50 euros. Se lo entregamos pasado mañana entre las 10:00 y las 13:00. ¿Quiere añadir una tarjeta?",
            ),
            ("customer", "Sí: «Feliz cumpleaños, mamá. Te quiero mucho. Lucía»."),
            (
                "agent",
                "Anotado. Su número de pedido es FL-2093. Le mando ahora mismo el enlace de pago por SMS.",
            ),
            ("customer", "Muchas gracias, Rocío."),
        ],
        {
            "situation": "La clienta encargó un ramo de peonías para el cumpleaños de su madre, Carmen Ruiz.",
            "custom_actions": "La agente preparó el pedido FL-2093 de quince peonías rosas con eucalipto por 58 euros. El envío a Getafe cuesta 7,50 euros y el total es de 65,50 euros. La entrega será el jueves 7 de mayo entre las 10:00 y las 13:00 en la calle Doctor Fleming 23, 3.º B. Añadió una tarjeta de felicitación y mandó el enlace de pago por SMS.",
            "call_driver": "Other",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "La clienta encargó un ramo de peonías para el cumpleaños de su madre, Carmen Ruiz.",
                True,
                "Turns 1, 3 and 7.",
            ),
            (
                "custom_actions",
                "La agente preparó el pedido FL-2093 de quince peonías rosas con eucalipto por 58 euros.",
                True,
                "Turns 4 and 10.",
            ),
            (
                "custom_actions",
                "El envío a Getafe cuesta 7,50 euros y el total es de 65,50 euros.",
                True,
                "Turn 8.",
            ),
            (
                "custom_actions",
                "La entrega será el jueves 7 de mayo entre las 10:00 y las 13:00.",
                False,
                "'Pasado mañana' from Monday, May 4 is Wednesday, May 6.",
            ),
            (
                "custom_actions",
                "La dirección de entrega es la calle Doctor Fleming 23, 3.º B.",
                True,
                "Turn 7.",
            ),
            ("custom_actions", "Añadió una tarjeta de felicitación.", True, "Turns 9 and 10."),
            ("custom_actions", "Mandó el enlace de pago por SMS.", True, "Turn 10."),
            ("call_driver", "Call driver: Other", True, "A flower order."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Muchas gracias.'",
            ),
        ],
        {"custom_actions": [True, True, True, True], "call_driver": [True]},
        {
            "situation": [
                [
                    ("Ramo para el cumpleaños de su madre", True),
                    ("El cumpleaños es pasado mañana", False),
                    ("Destinataria: Carmen Ruiz", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Ramo de quince peonías con eucalipto por 58 euros", True),
                    ("Tarjeta: «Feliz cumpleaños, mamá»", True),
                    ("Enlace de pago por SMS", True),
                ],
                [
                    ("Entrega pasado mañana (miércoles 6 de mayo) de 10:00 a 13:00", False),
                    ("Las peonías llegan mañana martes", False),
                ],
                [("Pedido FL-2093", True)],
                [
                    ("Dirección: calle Doctor Fleming 23, tercero B, Getafe", True),
                    ("Envío 7,50 euros; total 65,50 euros", True),
                ],
            ],
        },
        language="es",
    )
)

# 9. French hotel spa: clean; "ce samedi" resolved to March 14, "ce soir" and "à 19 h 30",
# "dans quinze jours" resolved to Thursday, March 26, "demain" to March 13, "198 €".
ROWS.append(
    conversation(
        "new9-009",
        "chat",
        "scheduling",
        "2026-03-12T17:40:00Z",
        "Mathilde",
        [
            (
                "customer",
                "Bonsoir, je voudrais offrir un soin à ma femme pour notre anniversaire de mariage. Il vous reste de la place ce samedi ?",
            ),
            (
                "agent",
                "Bonsoir, Mathilde, du spa de l'Hôtel Les Tilleuls. Ce samedi, il me reste un modelage aux pierres chaudes de 75 minutes à 15 h, ou un soin du visage à 16 h 30.",
            ),
            ("customer", "Le modelage, c'est combien ?"),
            (
                "agent",
                "110 € pour une personne. En duo, avec vous, c'est 198 € pour les deux au lieu de 220 €.",
            ),
            ("customer", "Ah, bonne idée, prenons le duo."),
            (
                "agent",
                "C'est noté : modelage duo aux pierres chaudes ce samedi à 15 h, réservation SP-7720. Le hammam et la piscine vous sont ouverts gratuitement dès deux heures avant.",
            ),
            ("customer", "Parfait. Je dois payer maintenant ?"),
            (
                "agent",
                "Je vous envoie ce soir, à 19 h 30 au plus tard, un lien pour régler un acompte de 50 €. Le reste se paie sur place, et l'annulation est gratuite jusqu'à 48 heures avant.",
            ),
            (
                "customer",
                "Et pour une deuxième séance dans quinze jours, ce serait possible ?",
            ),
            (
                "agent",
                "Le jeudi 26 est encore très libre, je vous confirme un créneau par e-mail demain.",
            ),
            ("customer", "Super, merci beaucoup !"),
        ],
        {
            "situation": "Le client souhaitait offrir un soin à sa femme pour leur anniversaire de mariage, ce samedi.",
            "custom_actions": "Mathilde a réservé un modelage duo aux pierres chaudes de 75 minutes le samedi 14 mars à 15 h. La réservation porte le numéro SP-7720. Le duo revient à 198 € pour deux au lieu de 220 €. Hammam et piscine sont offerts deux heures avant le soin. Elle enverra ce soir, avant 19 h 30, un lien pour un acompte de 50 €, le solde étant réglé sur place. L'annulation reste gratuite jusqu'à 48 heures avant. Une seconde séance le jeudi 26 mars sera confirmée par e-mail le 13 mars.",
            "escalated": "No",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Le client souhaitait offrir un soin à sa femme pour leur anniversaire de mariage, ce samedi.",
                True,
                "Turn 0.",
            ),
            (
                "custom_actions",
                "Mathilde a réservé un modelage duo aux pierres chaudes de 75 minutes le samedi 14 mars à 15 h.",
                True,
                "'Ce samedi' from Thursday, March 12; turns 1, 4 and 5.",
            ),
            ("custom_actions", "La réservation porte le numéro SP-7720.", True, "Turn 5."),
            (
                "custom_actions",
                "Le duo revient à 198 € pour deux au lieu de 220 €.",
                True,
                "Turn 3.",
            ),
            (
                "custom_actions",
                "Hammam et piscine sont offerts deux heures avant le soin.",
                True,
                "Turn 5, paraphrased.",
            ),
            (
                "custom_actions",
                "Elle enverra ce soir, avant 19 h 30, un lien pour un acompte de 50 €.",
                True,
                "Turn 7.",
            ),
            ("custom_actions", "Le solde est réglé sur place.", True, "Turn 7."),
            (
                "custom_actions",
                "L'annulation reste gratuite jusqu'à 48 heures avant.",
                True,
                "Turn 7.",
            ),
            (
                "custom_actions",
                "Une seconde séance le jeudi 26 mars sera confirmée par e-mail le 13 mars.",
                True,
                "'Dans quinze jours' is Thursday the 26th; 'demain' from March 12 is March 13.",
            ),
            ("escalated", "Escalated: No", True, "Mathilde handled it alone."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Super, merci beaucoup !'",
            ),
        ],
        {"custom_actions": [True, True, True, True], "escalated": [True]},
        {
            "situation": [[("Soin pour sa femme, anniversaire de mariage, ce samedi", True)]],
            "custom_actions": [
                [
                    ("Modelage duo aux pierres chaudes de 75 minutes réservé", True),
                    ("Lien d'acompte de 50 € envoyé ce soir ; solde sur place", True),
                    ("Hammam et piscine offerts deux heures avant", True),
                    ("Annulation gratuite jusqu'à 48 heures avant", True),
                ],
                [
                    ("Ce samedi (14 mars) à 15 h", True),
                    ("Ce soir, 19 h 30 au plus tard", True),
                    ("Jeudi 26 mars, dans quinze jours, confirmé demain par e-mail", True),
                ],
                [("Réservation SP-7720", True)],
                [("Passage au duo : 198 € au lieu de 220 €", True)],
            ],
        },
        language="fr",
    )
)

# 10. German roofer: scaffolding said not to be needed but summarised as put up (negation);
# resolution Y with the insurance question left open (wrong categorical value); "übermorgen"
# resolved to Wednesday, June 17.
ROWS.append(
    conversation(
        "new9-010",
        "voice",
        "scheduling",
        "2026-06-15T09:00:00Z",
        "Jonas",
        [
            ("agent", "Dachdeckerei Brandt, Sie sprechen mit Jonas Weber."),
            (
                "customer",
                "Guten Tag, hier ist Ursula Kämmerer. Nach dem Sturm am Wochenende fehlen bei uns mehrere Dachziegel, und auf dem Dachboden tropft es.",
            ),
            ("agent", "Das tut mir leid. Wie viele Ziegel sind es ungefähr?"),
            ("customer", "Von unten sehe ich etwa acht, alle auf der Nordseite."),
            (
                "agent",
                "Wir können übermorgen zwischen 8 und 10 Uhr vorbeikommen. Bis dahin stellen Sie am besten einen Eimer unter die Tropfstelle.",
            ),
            ("customer", "Brauchen Sie dafür ein Gerüst? Das Haus hat drei Stockwerke."),
            (
                "agent",
                "Nein, ein Gerüst ist nicht nötig. Wir kommen mit dem Hubsteiger, das geht schneller und ist günstiger.",
            ),
            ("customer", "Und was kostet das ungefähr?"),
            (
                "agent",
                "Die Anfahrt mit Hubsteiger kostet pauschal 180 Euro, jeder Ziegel mit Einbau 14 Euro. Falls die Unterspannbahn beschädigt ist, machen wir Ihnen vor Ort ein Angebot.",
            ),
            ("customer", "Zahlt das meine Versicherung?"),
            (
                "agent",
                "Das kann ich Ihnen leider nicht sagen, das müssen Sie mit Ihrer Gebäudeversicherung klären. Wir schicken Ihnen aber Fotos und eine Rechnung, die Sie dort einreichen können.",
            ),
            ("customer", "Na gut. Dann bis Mittwoch."),
            ("agent", "Ihr Auftrag hat die Nummer DA-4471. Bis Mittwoch, Frau Kämmerer."),
        ],
        {
            "situation": "Ursula Kämmerer meldete nach dem Sturm am Wochenende etwa acht fehlende Dachziegel auf der Nordseite. Auf dem Dachboden tropft es.",
            "action": "Der Mitarbeiter vereinbarte unter Auftrag DA-4471 einen Termin am Mittwoch, 17. Juni, zwischen 8 und 10 Uhr. Für das dreistöckige Haus wird ein Gerüst aufgestellt. Die Anfahrt kostet pauschal 180 Euro, jeder Ziegel mit Einbau 14 Euro. Ob die Versicherung zahlt, konnte er nicht sagen. Die Firma schickt Fotos und eine Rechnung zum Einreichen.",
            "resolution": "Y",
            "escalated": "No",
        },
        [
            (
                "situation",
                "Ursula Kämmerer meldete nach dem Sturm am Wochenende etwa acht fehlende Dachziegel auf der Nordseite.",
                True,
                "Turns 1 and 3.",
            ),
            ("situation", "Auf dem Dachboden tropft es.", True, "Turn 1."),
            (
                "action",
                "Der Mitarbeiter vereinbarte unter Auftrag DA-4471 einen Termin am Mittwoch, 17. Juni, zwischen 8 und 10 Uhr.",
                True,
                "'Übermorgen' from Monday, June 15; turns 4 and 12.",
            ),
            (
                "action",
                "Für das dreistöckige Haus wird ein Gerüst aufgestellt.",
                False,
                "The agent said no scaffolding is needed; they come with a cherry picker.",
            ),
            (
                "action",
                "Die Anfahrt kostet pauschal 180 Euro, jeder Ziegel mit Einbau 14 Euro.",
                True,
                "Turn 8.",
            ),
            ("action", "Ob die Versicherung zahlt, konnte er nicht sagen.", True, "Turn 10."),
            (
                "action",
                "Die Firma schickt Fotos und eine Rechnung zum Einreichen.",
                True,
                "Turn 10.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                False,
                "The repair is only booked and the insurance question stays open: P.",
            ),
            ("escalated", "Escalated: No", True, "Handled by Jonas."),
        ],
        {"escalated": [True]},
        {
            "situation": [
                [
                    ("Etwa acht Ziegel fehlen nach dem Sturm, Nordseite", True),
                    ("Auf dem Dachboden tropft es", True),
                ]
            ],
            "action": [
                [
                    ("Termin übermorgen, Mittwoch, 8 bis 10 Uhr, Auftrag DA-4471", True),
                    ("Kein Gerüst nötig, Hubsteiger", False),
                    ("180 Euro Anfahrt pauschal, 14 Euro pro Ziegel", True),
                    ("Eimer unter die Tropfstelle stellen", False),
                    ("Angebot vor Ort, falls die Unterspannbahn beschädigt ist", False),
                    ("Fotos und Rechnung für die Gebäudeversicherung", True),
                ]
            ],
        },
        language="de",
    )
)

# 11. Italian campsite: five nights summarised as six (wrong count); a disappointed customer
# given as N (wrong categorical value); "20 euro in tutto" and the dog supplement kept right.
ROWS.append(
    conversation(
        "new9-011",
        "chat",
        "scheduling",
        "2026-07-02T21:15:00Z",
        "Giulia",
        [
            (
                "customer",
                "Buonasera, ho una prenotazione per una piazzola dal 10 al 15 agosto, codice CP-3318. Vorrei aggiungere una notte e arrivare il 9.",
            ),
            (
                "agent",
                "Buonasera, sono Giulia del Camping Pineta Azzurra. Purtroppo la piazzola 42 è occupata la notte del 9. Posso spostarvi sulla piazzola 57, più lontana dal mare, per tutte e sei le notti.",
            ),
            (
                "customer",
                "Ma avevamo scelto la 42 apposta per stare vicino alla spiaggia! È la terza volta che mi cambiate qualcosa.",
            ),
            (
                "agent",
                "La capisco e mi scuso. Le alternative sono restare sulla 42 dal 10 al 15, oppure la 57 dal 9 al 15.",
            ),
            ("customer", "Va bene, restiamo sulla 42 con le cinque notti. Però sono deluso."),
            (
                "agent",
                "Le confermo: piazzola 42, dal 10 al 15 agosto, due adulti e due bambini, 38 euro a notte, 190 euro in totale. L'acconto di 60 euro è già stato versato.",
            ),
            ("customer", "E il cane? Quest'anno viene anche il cane."),
            (
                "agent",
                "I cani sono ammessi con un supplemento di 4 euro a notte, quindi 20 euro. L'ho già aggiunto alla prenotazione.",
            ),
            ("customer", "Va bene. Arrivederci."),
        ],
        {
            "situation": "Il cliente voleva anticipare l'arrivo al 9 agosto per la prenotazione CP-3318.",
            "custom_actions": "L'operatrice ha lasciato la prenotazione CP-3318 sulla piazzola 42 dal 10 al 15 agosto, per sei notti. Il soggiorno è per due adulti e due bambini a 38 euro a notte. Ha aggiunto il cane con un supplemento di 4 euro a notte, 20 euro in tutto. L'acconto di 60 euro risulta già pagato.",
            "customer_satisfaction": "N",
            "resolution": "P",
        },
        [
            (
                "situation",
                "Il cliente voleva anticipare l'arrivo al 9 agosto per la prenotazione CP-3318.",
                True,
                "Turn 0, paraphrased.",
            ),
            (
                "custom_actions",
                "L'operatrice ha lasciato la prenotazione CP-3318 sulla piazzola 42 dal 10 al 15 agosto.",
                True,
                "Turns 4 and 5.",
            ),
            (
                "custom_actions",
                "Il soggiorno è di sei notti.",
                False,
                "From the 10th to the 15th is five nights; the customer said 'le cinque notti'.",
            ),
            (
                "custom_actions",
                "Il soggiorno è per due adulti e due bambini a 38 euro a notte.",
                True,
                "Turn 5.",
            ),
            (
                "custom_actions",
                "Ha aggiunto il cane con un supplemento di 4 euro a notte, 20 euro in tutto.",
                True,
                "Turn 7.",
            ),
            (
                "custom_actions",
                "L'acconto di 60 euro risulta già pagato.",
                True,
                "Turn 5.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                False,
                "'Però sono deluso': dissatisfied, D.",
            ),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                True,
                "The extra night was not possible; the dog was added.",
            ),
        ],
        {"custom_actions": [True, True, True, True]},
        {
            "situation": [
                [
                    ("Prenotazione CP-3318", True),
                    ("Piazzola prenotata dal 10 al 15 agosto", False),
                    ("Vuole aggiungere una notte arrivando il 9", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Proposta la piazzola 57 per sei notti, rifiutata", False),
                    ("Cane aggiunto alla prenotazione", True),
                ],
                [
                    ("Dal 10 al 15 agosto, cinque notti", False),
                    ("Arrivo il 9 non possibile sulla 42", False),
                ],
                [("Prenotazione CP-3318", True)],
                [
                    ("Supplemento cane 4 euro a notte, 20 euro", True),
                    ("Totale 190 euro", False),
                    ("Acconto di 60 euro già versato", True),
                ],
            ],
        },
        language="it",
    )
)

# 12. Portuguese tutoring centre: clean; "depois de amanhã" resolved to Thursday, September 10,
# "daqui a quinze dias" to September 22, "hoje", "oito aulas", "1.200 euros", "às 18h00".
ROWS.append(
    conversation(
        "new9-012",
        "voice",
        "scheduling",
        "2026-09-08T18:20:00Z",
        "Beatriz",
        [
            ("agent", "Centro de Explicações Saber Mais, fala a Beatriz."),
            (
                "customer",
                "Boa tarde. O meu filho Tiago está no 11.º ano e tem muitas dificuldades a Matemática A. Queria explicações todas as semanas.",
            ),
            (
                "agent",
                "Com certeza. Temos a professora Helena Matos, que dá Matemática do secundário. Tem vaga às terças e quintas às 18h00.",
            ),
            ("customer", "Duas vezes por semana seria ótimo, por causa dos testes."),
            (
                "agent",
                "O pack de oito aulas de 60 minutos custa 160 euros, ou seja, 20 euros por aula. Se preferir pagar o ano letivo inteiro, são 1.200 euros.",
            ),
            ("customer", "Por agora fico com o pack de oito."),
            (
                "agent",
                "Muito bem. A primeira aula fica para depois de amanhã, quinta-feira, às 18h00. A referência da inscrição é EX-5530.",
            ),
            ("customer", "E como é que pago?"),
            (
                "agent",
                "Envio-lhe hoje por e-mail a referência Multibanco. E daqui a quinze dias a professora Helena marca uma pequena reunião consigo para falar da evolução do Tiago.",
            ),
            ("customer", "Excelente, obrigado."),
        ],
        {
            "situation": "O cliente procura explicações semanais de Matemática A para o filho Tiago, aluno do 11.º ano com muitas dificuldades.",
            "action": "A Beatriz inscreveu o Tiago num pack de oito aulas de 60 minutos com a professora Helena Matos, às terças e quintas às 18h00. O pack custa 160 euros. O cliente não quis pagar o ano letivo inteiro. A primeira aula é na quinta-feira, 10 de setembro. A referência Multibanco segue hoje por e-mail. A reunião sobre a evolução do Tiago será a 22 de setembro.",
            "entities": "aluno: Tiago\nprofessora: Helena Matos\ninscrição: EX-5530\npack: 8 aulas, 160 euros\nano_letivo: 1.200 euros",
            "escalated": "No",
        },
        [
            (
                "situation",
                "O cliente procura explicações semanais de Matemática A para o filho Tiago, aluno do 11.º ano com muitas dificuldades.",
                True,
                "Turn 1, paraphrased.",
            ),
            (
                "action",
                "A Beatriz inscreveu o Tiago num pack de oito aulas de 60 minutos com a professora Helena Matos, às terças e quintas às 18h00.",
                True,
                "Turns 2 to 5.",
            ),
            ("action", "O pack custa 160 euros.", True, "Turn 4."),
            (
                "action",
                "O cliente não quis pagar o ano letivo inteiro.",
                True,
                "Turn 5: he kept the pack of eight.",
            ),
            (
                "action",
                "A primeira aula é na quinta-feira, 10 de setembro.",
                True,
                "'Depois de amanhã' from Tuesday, September 8.",
            ),
            ("action", "A referência Multibanco segue hoje por e-mail.", True, "Turn 8."),
            (
                "action",
                "A reunião sobre a evolução do Tiago será a 22 de setembro.",
                True,
                "'Daqui a quinze dias' from September 8.",
            ),
            ("entities", "aluno: Tiago", True, "Turn 1."),
            ("entities", "professora: Helena Matos", True, "Turn 2."),
            ("entities", "inscrição: EX-5530", True, "Turn 6."),
            ("entities", "pack: 8 aulas, 160 euros", True, "Turn 4."),
            ("entities", "ano_letivo: 1.200 euros", True, "Turn 4."),
            ("escalated", "Escalated: No", True, "Handled by Beatriz."),
        ],
        {"escalated": [True]},
        {
            "situation": [
                [("Filho Tiago, 11.º ano, dificuldades a Matemática A, explicações semanais", True)]
            ],
            "action": [
                [
                    ("Professora Helena Matos, terças e quintas às 18h00", True),
                    ("Pack de oito aulas de 60 minutos, 160 euros", True),
                    ("Ano letivo inteiro recusado por agora", True),
                    ("Primeira aula depois de amanhã, quinta-feira", True),
                    ("Referência Multibanco por e-mail hoje", True),
                    ("Reunião sobre a evolução daqui a quinze dias", True),
                ]
            ],
            "entities": [
                [
                    ("Tiago", True),
                    ("Helena Matos", True),
                    ("EX-5530", True),
                    ("160 euros pelo pack", True),
                    ("1.200 euros pelo ano letivo", True),
                ]
            ],
        },
        language="pt",
    )
)

# 13. Dutch water delivery: six bottles lowered to four a turn later, summarised as six
# (superseded value); "morgen" resolved to Wednesday, May 20, "vijf lege flessen", "€ 30".
ROWS.append(
    conversation(
        "new9-013",
        "chat",
        "billing",
        "2026-05-19T10:30:00Z",
        "Sanne",
        [
            (
                "customer",
                "Goedemorgen, ik wil een extra levering waterflessen voor ons kantoor. Klantnummer 88213, Bureau Verhoef.",
            ),
            (
                "agent",
                "Goedemorgen, u spreekt met Sanne van AquaPuur. Hoeveel flessen van 18,9 liter wilt u?",
            ),
            ("customer", "Doe maar zes."),
            (
                "agent",
                "Zes flessen à € 8,95 is € 53,70. Ik kan ze morgen tussen 13:00 en 17:00 brengen.",
            ),
            (
                "customer",
                "Wacht even, ik kijk net in de keuken: er staan nog twee volle. Maak er maar vier van.",
            ),
            (
                "agent",
                "Geen probleem, vier flessen, dat wordt € 35,80. De levering blijft morgen tussen 13:00 en 17:00.",
            ),
            ("customer", "En de lege flessen?"),
            (
                "agent",
                "Die neemt de chauffeur mee. Het statiegeld van € 6 per fles verrekenen we op de volgende factuur.",
            ),
            ("customer", "We hebben er vijf leeg staan, denk ik."),
            (
                "agent",
                "Dan krijgt u € 30 terug op de factuur van juni. Uw bestelnummer is AP-61207.",
            ),
            ("customer", "Top, dank je wel."),
        ],
        {
            "situation": "Bureau Verhoef (klantnummer 88213) wilde een extra levering waterflessen voor het kantoor.",
            "custom_actions": "De medewerker bestelde zes flessen van 18,9 liter voor € 53,70, onder bestelnummer AP-61207. Ze worden morgen, woensdag 20 mei, tussen 13:00 en 17:00 geleverd. De chauffeur neemt de vijf lege flessen mee. Het statiegeld van € 30 wordt verrekend op de factuur van juni.",
            "call_driver": "Other",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Bureau Verhoef (klantnummer 88213) wilde een extra levering waterflessen voor het kantoor.",
                True,
                "Turn 0.",
            ),
            (
                "custom_actions",
                "De medewerker bestelde zes flessen van 18,9 liter voor € 53,70.",
                False,
                "The customer lowered it to four bottles, € 35,80.",
            ),
            ("custom_actions", "Het bestelnummer is AP-61207.", True, "Turn 9."),
            (
                "custom_actions",
                "Ze worden morgen, woensdag 20 mei, tussen 13:00 en 17:00 geleverd.",
                True,
                "'Morgen' from Tuesday, May 19.",
            ),
            (
                "custom_actions",
                "De chauffeur neemt de vijf lege flessen mee.",
                True,
                "Turns 7 and 8.",
            ),
            (
                "custom_actions",
                "Het statiegeld van € 30 wordt verrekend op de factuur van juni.",
                True,
                "Turn 9: five bottles at € 6.",
            ),
            ("call_driver", "Call driver: Other", True, "An extra delivery order."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Top, dank je wel.'",
            ),
        ],
        {"custom_actions": [True, True, True, True], "call_driver": [True]},
        {
            "situation": [
                [("Extra levering waterflessen voor het kantoor, klantnummer 88213", True)]
            ],
            "custom_actions": [
                [("Vier flessen besteld", False), ("Lege flessen gaan mee met de chauffeur", True)],
                [("Morgen tussen 13:00 en 17:00", True), ("Factuur van juni", True)],
                [("Bestelnummer AP-61207", True)],
                [
                    ("Aantal verlaagd van zes naar vier, € 35,80", False),
                    ("€ 30 statiegeld verrekend", True),
                ],
            ],
        },
        language="nl",
    )
)

# 14. German public library: clean; predefined sections only; "morgen" resolved to June 11, "bis
# Samstag" to June 13, "zwei Wochen" to June 25, "zwei der Bücher" in words, "50 Cent", "1,50 Euro".
ROWS.append(
    conversation(
        "new9-014",
        "chat",
        "scheduling",
        "2026-06-10T15:00:00Z",
        "Kai",
        [
            (
                "customer",
                "Hallo, hier ist Frieda Roth. Ich habe drei Bücher ausgeliehen, die morgen fällig sind, und schaffe es nicht rechtzeitig. Kann ich verlängern? Ausweisnummer 40-77215.",
            ),
            (
                "agent",
                "Hallo Frau Roth, hier ist Kai von der Stadtbibliothek Lindenau. Ich schaue nach. Zwei der drei Bücher kann ich um vier Wochen verlängern, die sind dann am 9. Juli fällig.",
            ),
            ("customer", "Und das dritte?"),
            (
                "agent",
                "„Die Vermessung der Welt“ hat jemand vorgemerkt, das kann ich nicht verlängern. Sie können es aber bis Samstag ohne Gebühr zurückgeben, danach kostet es 50 Cent pro Tag.",
            ),
            (
                "customer",
                "Okay, das bringe ich am Samstag. Noch etwas: Ich hatte ein Buch per Fernleihe bestellt.",
            ),
            (
                "agent",
                "Ja, „Grundkurs Ökologie“ aus Leipzig ist heute angekommen. Es liegt ab morgen an der Ausleihtheke für Sie bereit, die Gebühr ist 1,50 Euro.",
            ),
            ("customer", "Super. Wie lange liegt es da?"),
            ("agent", "Zwei Wochen ab morgen, also bis zum 25. Juni."),
            ("customer", "Danke, dann hole ich es morgen ab."),
        ],
        {
            "situation": "Frieda Roth wollte drei am 11. Juni fällige Bücher verlängern (Ausweis 40-77215). Außerdem fragte sie nach einer Fernleihe.",
            "action": "Kai verlängerte zwei der Bücher um vier Wochen bis zum 9. Juli. „Die Vermessung der Welt“ ist vorgemerkt und kann nicht verlängert werden. Es kann bis Samstag, 13. Juni, gebührenfrei zurückgegeben werden, danach kostet es 50 Cent am Tag. Die Fernleihe „Grundkurs Ökologie“ aus Leipzig liegt ab dem 11. Juni an der Ausleihtheke. Sie bleibt dort bis zum 25. Juni, die Gebühr beträgt 1,50 Euro.",
            "resolution": "P",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Frieda Roth wollte drei am 11. Juni fällige Bücher verlängern, Ausweis 40-77215.",
                True,
                "'Morgen' from Wednesday, June 10; turn 0.",
            ),
            ("situation", "Außerdem fragte sie nach einer Fernleihe.", True, "Turn 4."),
            (
                "action",
                "Kai verlängerte zwei der Bücher um vier Wochen bis zum 9. Juli.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "„Die Vermessung der Welt“ ist vorgemerkt und kann nicht verlängert werden.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "Es kann bis Samstag, 13. Juni, gebührenfrei zurückgegeben werden, danach kostet es 50 Cent am Tag.",
                True,
                "'Bis Samstag' from Wednesday, June 10.",
            ),
            (
                "action",
                "Die Fernleihe „Grundkurs Ökologie“ aus Leipzig liegt ab dem 11. Juni an der Ausleihtheke.",
                True,
                "Turn 5: 'ab morgen'.",
            ),
            (
                "action",
                "Sie bleibt dort bis zum 25. Juni, die Gebühr beträgt 1,50 Euro.",
                True,
                "Turns 5 and 7.",
            ),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                True,
                "Two of the three books renewed; the third could not be.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Danke.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Drei Bücher morgen fällig, Verlängerung gewünscht, Ausweis 40-77215", True),
                    ("Frage nach der Fernleihe", True),
                ]
            ],
            "action": [
                [
                    ("Zwei Bücher um vier Wochen bis 9. Juli verlängert", True),
                    ("„Die Vermessung der Welt“ vorgemerkt, nicht verlängerbar", True),
                    ("Rückgabe bis Samstag gebührenfrei, danach 50 Cent pro Tag", True),
                    ("„Grundkurs Ökologie“ ab morgen abholbereit, 1,50 Euro", True),
                    ("Liegt zwei Wochen, bis 25. Juni", True),
                ]
            ],
        },
        language="de",
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
