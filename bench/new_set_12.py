"""The twelfth new labelled set of issue 12, written blind: by a helper who never opened the local
judge's rules or code (nothing under evaluations/judges/ or tests/judges/, not
bench/local_judge.py, not the README's sections on the local judge), labelled only by the rules
of ../shared/data/cc/README.md, and committed before any judge ran on it.

    .venv/bin/python bench/new_set_12.py     # writes bench/data/cc_new12.jsonl

Domains no earlier set used: a car-wash subscription, a blood-test laboratory, a skip-hire firm, a
tattoo studio, a hot-tub hire company, a vinyl-record pressing plant, a sea-kayak tour operator, a
clothing-alterations shop, a Spanish diving school, a French holiday-cottage (gîte) agency, a
German bouldering gym's shop, an Italian beauty centre, a Portuguese phone-repair shop and a Dutch
bowling alley. Eight conversations are in English; the others are in Spanish, French, German,
Italian, Portuguese and Dutch, with the transcript, the summary and the completeness facts in the
conversation's language. Sections mix the predefined ones (situation, action, resolution, customer
satisfaction, reason for cancellation, entities), free-text custom ones (custom actions, follow-up,
next steps, product issue, returned product) and categorical custom ones (call driver, contact
reason, escalated, refund given); two summaries (new12-001, new12-007) use only predefined
sections, one (new12-006) only custom sections, one (new12-008) has an empty free-text section, and
seven carry an entities section.

Error classes planted, each in a wording written for this set: negation or reversal (an early-exit
fee the agent said did not apply; an end-of-stay cleaning the agent said was not included; a paper
form the agent said was not needed), a superseded value (a skip delivery the customer moved a day
later; a repair the agent pushed back when the part was out of stock), offered versus done (a
paid courier pick-up the customer turned down in favour of dropping in), a number bound to the
wrong noun (the test-pressing price given as the sleeves' price), entity substitution (one tattoo
artist for the other; the Pro model for the plain one), a wrong count (three double kayaks for
two), relative dates resolved wrongly ("a week from tomorrow", "zaterdag over een week"), wrong
categorical values (customer satisfaction, escalated, resolution), an ignored style rule,
descriptive text in a categorical section, an empty section and a reservation number left out
(adherence), and omissions (completeness). Three summaries are clean (new12-005, new12-009,
new12-012). The summaries also hold hard correct points: paraphrases sharing few words with the
turns, offers correctly reported as turned down (a cheaper plan, an earlier slot, a gazebo,
coloured vinyl, a photo package, a thicker wetsuit, joining the game, a treatment bundle, a screen
protector), revised values correctly reported (a delivery time, a two-person price, a head count, a
rescheduled treatment), relative dates resolved right in six languages ("today", "on Saturday",
"the day before the appointment", "the next morning", "tonight", "the Friday after next", "by
Thursday", "el miércoles de la semana que viene", "antes del viernes", "cet après-midi", "la
veille", "bis Samstag", "domani", "venerdì della prossima settimana", "il giorno prima",
"vanavond"), thousands separators ("2,400 loyalty points", "£2,285", "£1,142.50", "1 260 euros"),
times mid-sentence ("by 7 AM on the day", "at 9 AM on Friday", "the 9:30 tour", "a las 9:00", "à
partir de 16 h", "alle 17:30", "alle 18:45"), hyphenated numbers ("an 8-yard builder's skip", "a
29-inch inside leg", "a 2.5-by-2.5-metre space", "12-inch, 180-gram", "an eight-seat inflatable"),
numbers in words ("fourteen days", "three sittings", "cuatro inmersiones", "zwanzig Minuten", "drei
Werktagen", "settantacinque minuti", "seis meses", "tien kinderen") and names of people and
products.

14 conversations, 158 accuracy points (15 inaccurate), 61 adherence questions, 199 completeness
facts.

Why one long module: most of it is data, the labelled conversations written out as literals; the
code around them is a few lines, and keeping each conversation beside its labels makes a label easy
to check against the turn it cites.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Importing set 4 adds the custom sections of cc_dev's kind to the definitions `conversation`
# reads (custom actions, returned product, call driver, follow-up, escalated).
from bench import new_set_4  # noqa: F401
from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new12.jsonl"

ROWS: list[dict] = []

# 1. Car-wash subscription cancellation: the $20 early-exit fee does not apply (joined last
# August), the summary says it will be charged (reversal); the Basic Rinse plan turned down,
# "today" and "Saturday" resolved right, "2,400 loyalty points".
ROWS.append(
    conversation(
        "new12-001",
        "voice",
        "retention",
        "2026-03-09T17:40:00Z",
        "Tamsin",
        [
            ("agent", "Thanks for calling Suds & Shine Car Wash, this is Tamsin. How can I help?"),
            (
                "customer",
                "Hi Tamsin. I'd like to cancel my wash club membership. The name's Desmond Okafor, membership number SS-208814.",
            ),
            (
                "agent",
                "Thanks, Desmond. I've got you on the Unlimited Gold plan at $34.99 a month, linked to a grey Kia Sportage. May I ask why you're leaving?",
            ),
            (
                "customer",
                "I've started a new job and they've given me a company car. The leasing firm takes care of cleaning it, and I've sold the Kia, so I've got nothing to wash.",
            ),
            (
                "agent",
                "Congratulations on the job. Before I cancel, would the Basic Rinse plan at $14.99 be any use, say for a family member's car? You can move the tag to another vehicle.",
            ),
            ("customer", "No, my wife doesn't drive, so there's really no one to use it."),
            (
                "agent",
                "Understood. Just so you know, members who cancel within the first six months pay a $20 early-exit fee, but you joined last August, so that doesn't apply to you.",
            ),
            ("customer", "Good. And will I be charged again this month?"),
            (
                "agent",
                "Your billing date is the 14th, and since we need five days' notice, today's call is just in time: the payment due on Saturday won't be taken.",
            ),
            (
                "customer",
                "Great. What about the windscreen tag on the Kia? The new owner might try to use it.",
            ),
            (
                "agent",
                "I'm deactivating the tag right now, so it won't open the wash bay any more. I've cancelled the membership as of today, and your confirmation number is CX-55017.",
            ),
            ("customer", "Perfect. Will you send me something?"),
            (
                "agent",
                "You'll get a confirmation email within the hour. And you keep the 2,400 loyalty points on your account; they're valid at the café and the vacuum stations for another year.",
            ),
            (
                "customer",
                "Oh nice, I didn't know I had that many. Thanks for making it easy.",
            ),
            ("agent", "My pleasure, Desmond. Good luck with the new job."),
        ],
        {
            "reason_for_cancellation": "Desmond's new employer has provided him with a company car whose cleaning is handled by the leasing firm. He has sold his Kia, so there is no longer a vehicle to wash.",
            "action": "The agent proposed moving to the Basic Rinse plan at $14.99 for a relative's car, which Desmond declined as nobody else in the household drives. The agent stated that a $20 early-exit fee would be charged because he cancelled within six months of joining. The membership was cancelled with effect from today, March 9, and the payment due on Saturday, March 14, will not be collected. The windscreen tag was deactivated so that it no longer opens the wash bay. A confirmation email will follow within the hour, and his 2,400 loyalty points remain usable at the café and vacuum stations for a further year.",
            "resolution": "Y",
            "customer_satisfaction": "N",
            "entities": "customer_name: Desmond Okafor\nmembership_number: SS-208814\nplan: Unlimited Gold, $34.99 a month\nvehicle: grey Kia Sportage\nconfirmation_number: CX-55017\nloyalty_points: 2,400",
        },
        [
            (
                "reason_for_cancellation",
                "Desmond's new employer has provided him with a company car whose cleaning is handled by the leasing firm.",
                True,
                "Turn 3: 'they've given me a company car. The leasing firm takes care of cleaning it'.",
            ),
            (
                "reason_for_cancellation",
                "He has sold his Kia, so there is no longer a vehicle to wash.",
                True,
                "Turn 3: 'I've sold the Kia, so I've got nothing to wash'.",
            ),
            (
                "action",
                "The agent proposed moving to the Basic Rinse plan at $14.99 for a relative's car, which Desmond declined as nobody else in the household drives.",
                True,
                "Turns 4-5: 'my wife doesn't drive, so there's really no one to use it'.",
            ),
            (
                "action",
                "The agent stated that a $20 early-exit fee would be charged because he cancelled within six months of joining.",
                False,
                "Turn 6: he joined last August, so the fee 'doesn't apply to you'.",
            ),
            (
                "action",
                "The membership was cancelled with effect from today, March 9, and the payment due on Saturday, March 14, will not be collected.",
                True,
                "Turns 8 and 10; the call is on Monday March 9, the billing date is the 14th.",
            ),
            (
                "action",
                "The windscreen tag was deactivated so that it no longer opens the wash bay.",
                True,
                "Turn 10.",
            ),
            (
                "action",
                "A confirmation email will follow within the hour, and his 2,400 loyalty points remain usable at the café and vacuum stations for a further year.",
                True,
                "Turn 12.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Cancelled as asked."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Thanks for making it easy.'",
            ),
            ("entities", "customer_name: Desmond Okafor", True, "Turn 1."),
            ("entities", "membership_number: SS-208814", True, "Turn 1."),
            ("entities", "plan: Unlimited Gold, $34.99 a month", True, "Turn 2."),
            ("entities", "vehicle: grey Kia Sportage", True, "Turn 2."),
            ("entities", "confirmation_number: CX-55017", True, "Turn 10."),
            ("entities", "loyalty_points: 2,400", True, "Turn 12."),
        ],
        {},
        {
            "reason_for_cancellation": [
                [
                    ("New job with a company car, cleaned by the leasing firm", True),
                    ("Sold the Kia, nothing left to wash", True),
                ]
            ],
            "action": [
                [
                    ("Basic Rinse plan at $14.99 offered and declined", True),
                    ("No $20 early-exit fee: joined last August, past six months", False),
                    ("Membership cancelled today; the payment on the 14th not taken", True),
                    ("Windscreen tag deactivated", True),
                    ("Confirmation number CX-55017", False),
                    ("Confirmation email within the hour", True),
                    ("2,400 loyalty points kept, valid for another year", True),
                ]
            ],
            "entities": [
                [
                    ("Desmond Okafor", True),
                    ("Membership number SS-208814", True),
                    ("Unlimited Gold at $34.99 a month", True),
                    ("Grey Kia Sportage", True),
                    ("Confirmation number CX-55017", True),
                    ("2,400 loyalty points", True),
                ]
            ],
        },
    )
)

# 2. Blood-test lab: "a week from tomorrow" from Tuesday February 17 given as Tuesday February 24
# (wrong relative date); the form the agent said was not needed told as required (reversal); the
# reminder "the day before the appointment" resolved right to February 24, "8:20 AM".
ROWS.append(
    conversation(
        "new12-002",
        "chat",
        "scheduling",
        "2026-02-17T08:15:00Z",
        "Anjali",
        [
            (
                "customer",
                "Hi, my GP has sent me for a fasting cholesterol test and an HbA1c. Can I book it here? The request form number is MP-3390-17.",
            ),
            (
                "agent",
                "Good morning, Anjali here from Meridian Pathology. Yes, I can book that for you. Could I have your name and date of birth?",
            ),
            ("customer", "Lorcan Whitby, 3 June 1971."),
            (
                "agent",
                "Thanks, Lorcan. I can see the request from Dr Abernethy. Because it's a fasting test, we only do these before 10 AM. Which of our sites suits you, Elmstead or Kingsgate Road?",
            ),
            ("customer", "Kingsgate Road, it's near my office."),
            (
                "agent",
                "Kingsgate Road has a slot tomorrow at 7:40 AM, or a week from tomorrow at 8:20 AM.",
            ),
            (
                "customer",
                "Tomorrow's too soon, I've got a big dinner planned tonight. The later one please.",
            ),
            (
                "agent",
                "Booked: 8:20 AM, a week from tomorrow, at Kingsgate Road. Your booking reference is MPB-77120. Please have nothing but water for 10 to 12 hours beforehand.",
            ),
            ("customer", "Can I take my morning tablets?"),
            (
                "agent",
                "Most can be taken with water, but for your metformin, the request says to hold the morning dose until after the sample. Bring it with you.",
            ),
            ("customer", "OK. How long will the results take?"),
            (
                "agent",
                "Usually two working days. They go straight to Dr Abernethy, not to you, and the practice will contact you if anything needs discussing.",
            ),
            ("customer", "Fine. Do I need to bring the form?"),
            (
                "agent",
                "The request is electronic, so just bring photo ID. I'll send you a text reminder the day before the appointment.",
            ),
            ("customer", "Great, thank you."),
        ],
        {
            "situation": "Lorcan Whitby's GP had referred him for a fasting cholesterol test and an HbA1c, and he wanted to book the blood draw.",
            "custom_actions": "The agent located the electronic request from Dr Abernethy. Lorcan was booked at the Kingsgate Road site for 8:20 AM on Tuesday, February 24, under reference MPB-77120. The 7:40 AM slot the next morning was passed over because of a big dinner planned the evening before. Only water is allowed for 10 to 12 hours before the draw. The morning metformin dose is to be held back until the sample has been taken, and brought along. Results, normally ready in two working days, go directly to Dr Abernethy, and the practice will be in touch if anything needs discussing. Lorcan must bring the request form along with photo ID.",
            "follow_up": "The representative will text Lorcan a reminder on February 24, the day before the appointment.",
            "call_driver": "Appointment",
        },
        [
            (
                "situation",
                "Lorcan Whitby's GP had referred him for a fasting cholesterol test and an HbA1c, and he wanted to book the blood draw.",
                True,
                "Turns 0 and 2.",
            ),
            (
                "custom_actions",
                "The agent located the electronic request from Dr Abernethy.",
                True,
                "Turns 3 and 13.",
            ),
            (
                "custom_actions",
                "Lorcan was booked at the Kingsgate Road site for 8:20 AM on Tuesday, February 24, under reference MPB-77120.",
                False,
                "'A week from tomorrow' from Tuesday February 17 is Wednesday February 25 (turns 5-7).",
            ),
            (
                "custom_actions",
                "The 7:40 AM slot the next morning was passed over because of a big dinner planned the evening before.",
                True,
                "Turns 5-6: the slot is tomorrow, the dinner tonight.",
            ),
            (
                "custom_actions",
                "Only water is allowed for 10 to 12 hours before the draw.",
                True,
                "Turn 7.",
            ),
            (
                "custom_actions",
                "The morning metformin dose is to be held back until the sample has been taken, and brought along.",
                True,
                "Turn 9.",
            ),
            (
                "custom_actions",
                "Results, normally ready in two working days, go directly to Dr Abernethy, and the practice will be in touch if anything needs discussing.",
                True,
                "Turn 11.",
            ),
            (
                "custom_actions",
                "Lorcan must bring the request form along with photo ID.",
                False,
                "Turn 13: the request is electronic, 'so just bring photo ID'.",
            ),
            (
                "follow_up",
                "The representative will text Lorcan a reminder on February 24, the day before the appointment.",
                True,
                "Turn 13; the appointment is on February 25, so the day before is February 24.",
            ),
            ("call_driver", "Call driver: Appointment", True, "Booking a blood test."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "call_driver": [True],
        },
        {
            "situation": [
                [
                    ("GP sent him for a fasting cholesterol test and an HbA1c", True),
                    ("Wants to book it", True),
                    ("Request form MP-3390-17", False),
                ]
            ],
            "custom_actions": [
                [
                    ("Request from Dr Abernethy found", True),
                    ("Booked at Kingsgate Road at 8:20 AM", True),
                    ("Nothing but water for 10 to 12 hours before", True),
                    ("Hold the morning metformin until after the sample and bring it", True),
                    ("Results in about two working days, sent to the GP", True),
                    ("Request is electronic: bring photo ID only", False),
                ],
                [
                    ("A week from tomorrow, February 25", False),
                    ("Slot tomorrow at 7:40 AM turned down", True),
                ],
                [("Booking reference MPB-77120", True)],
                [],
            ],
            "follow_up": [[("Text reminder the day before the appointment", True)], []],
        },
    )
)

# 3. Skip hire: delivery moved from tomorrow to Friday the 24th because a van blocks the drive,
# the summary keeps tomorrow (superseded); "an 8-yard builder's skip", "fourteen days", no permit
# needed on the driveway told right.
ROWS.append(
    conversation(
        "new12-003",
        "voice",
        "scheduling",
        "2026-04-22T09:05:00Z",
        "Gavin",
        [
            ("agent", "Hartwell Skips, Gavin speaking."),
            (
                "customer",
                "Morning. I'm clearing out my late mother's bungalow and I need a skip. Fiona Castellane, the address is 17 Wrenfield Road.",
            ),
            (
                "agent",
                "Sorry for your loss, Fiona. What's going in it, mostly furniture and household stuff?",
            ),
            (
                "customer",
                "Yes, an old three-piece suite, carpets, a lot of boxes. No fridges or paint.",
            ),
            (
                "agent",
                "Good, because fridges and paint tins we can't take. I'd suggest an 8-yard builder's skip, that's £285 for up to fourteen days. Can it go on the driveway?",
            ),
            ("customer", "Yes, the drive's empty now."),
            (
                "agent",
                "Then you won't need a council permit; those are only for skips on the road. I can drop it off tomorrow between 8 and noon.",
            ),
            (
                "customer",
                "Tomorrow... hang on, the neighbour's van is blocking the drive until Friday. Could you make it Friday instead?",
            ),
            ("agent", "No problem, Friday the 24th, 8 to noon. Your order number is HS-40962."),
            ("customer", "And the carpets, is there a weight limit?"),
            (
                "agent",
                "The 8-yard takes up to about two tonnes. Over that there's £45 per extra half tonne, but household clearance rarely gets close.",
            ),
            ("customer", "OK. And a mattress, can that go in?"),
            (
                "agent",
                "Mattresses go separately, £20 each; just lean them against the skip and the driver will take them away. How many?",
            ),
            ("customer", "Two."),
            (
                "agent",
                "That's £40 added, so £325 in total. For collection, just ring us when it's full, and we'll collect within two working days.",
            ),
            ("customer", "Lovely, thank you, Gavin."),
        ],
        {
            "situation": "Fiona Castellane needed a skip to clear her late mother's bungalow at 17 Wrenfield Road of furniture, carpets and boxes.",
            "action": "The agent recommended an 8-yard builder's skip at £285 for up to fourteen days, to stand on the empty driveway so that no council permit is needed. Delivery was booked for tomorrow, April 23, between 8 AM and noon, order number HS-40962. The skip holds roughly two tonnes, with £45 charged per extra half tonne. Two mattresses will be taken away separately for £20 each, bringing the total to £325. Once the skip is full, Fiona rings and it is collected within two working days.",
            "entities": "customer_name: Fiona Castellane\naddress: 17 Wrenfield Road\norder_number: HS-40962\nskip: 8-yard builder's skip\ntotal: £325",
            "contact_reason": "Other",
        },
        [
            (
                "situation",
                "Fiona Castellane needed a skip to clear her late mother's bungalow at 17 Wrenfield Road of furniture, carpets and boxes.",
                True,
                "Turns 1 and 3: 'an old three-piece suite, carpets, a lot of boxes'.",
            ),
            (
                "action",
                "The agent recommended an 8-yard builder's skip at £285 for up to fourteen days, to stand on the empty driveway so that no council permit is needed.",
                True,
                "Turns 4-6.",
            ),
            (
                "action",
                "Delivery was booked for tomorrow, April 23, between 8 AM and noon, order number HS-40962.",
                False,
                "The customer moved it to Friday the 24th because the neighbour's van blocks the drive (turns 7-8).",
            ),
            (
                "action",
                "The skip holds roughly two tonnes, with £45 charged per extra half tonne.",
                True,
                "Turn 10.",
            ),
            (
                "action",
                "Two mattresses will be taken away separately for £20 each, bringing the total to £325.",
                True,
                "Turns 12-14.",
            ),
            (
                "action",
                "Once the skip is full, Fiona rings and it is collected within two working days.",
                True,
                "Turn 14.",
            ),
            ("entities", "customer_name: Fiona Castellane", True, "Turn 1."),
            ("entities", "address: 17 Wrenfield Road", True, "Turn 1."),
            ("entities", "order_number: HS-40962", True, "Turn 8."),
            ("entities", "skip: 8-yard builder's skip", True, "Turn 4."),
            ("entities", "total: £325", True, "Turn 14."),
            ("contact_reason", "Contact reason: Other", True, "Hiring a skip."),
        ],
        {"contact_reason": [True]},
        {
            "situation": [
                [
                    ("Clearing her late mother's bungalow, needs a skip", True),
                    ("Three-piece suite, carpets and boxes", True),
                    ("No fridges or paint", False),
                ]
            ],
            "action": [
                [
                    ("8-yard builder's skip, £285 for up to fourteen days", True),
                    ("On the driveway, so no council permit", True),
                    ("Delivery on Friday the 24th, 8 to noon, as a van blocks the drive", False),
                    ("About two tonnes; £45 per extra half tonne", True),
                    ("Two mattresses at £20 each, total £325", True),
                    ("Ring when full; collection within two working days", True),
                ]
            ],
            "entities": [
                [
                    ("Fiona Castellane", True),
                    ("17 Wrenfield Road", True),
                    ("Order number HS-40962", True),
                    ("Total £325", True),
                ]
            ],
        },
    )
)

# 4. Tattoo studio: the consultation is with Mara Kovač, the summary names Dex Holloway (entity
# substitution); the follow-up says "agent" (style rule ignored); "Thursday the 11th" and
# "tonight" resolved right, "a 30-minute consultation", "£140 an hour".
ROWS.append(
    conversation(
        "new12-004",
        "chat",
        "scheduling",
        "2026-06-02T18:30:00Z",
        "Soraya",
        [
            (
                "customer",
                "Hi! I'd like to book a consultation for a half sleeve, fine-line botanicals, ferns and foxgloves mostly. Who at the studio does that style?",
            ),
            (
                "agent",
                "Hi, Soraya here at Inkwell & Anchor. That's Mara Kovač's speciality; Dex Holloway does bold American traditional, so Mara's the one for you.",
            ),
            ("customer", "Mara then! I'm Bethany Rourke."),
            (
                "agent",
                "Lovely, Bethany. Mara's next free consultation is Thursday the 11th at 4:15 PM, 30 minutes, free of charge.",
            ),
            ("customer", "Perfect. How much would a half sleeve be, roughly?"),
            (
                "agent",
                "Mara charges £140 an hour, and a fine-line half sleeve usually takes three sittings of about four hours. She'll give you an exact quote at the consultation.",
            ),
            ("customer", "OK, so somewhere around £1,680. Do I pay anything now?"),
            (
                "agent",
                "Nothing for the consultation. When you book the first sitting there's a £100 deposit, which comes off the last session.",
            ),
            (
                "customer",
                "Fine. I had a tattoo at a different studio last year and reacted a bit to the ink. Is that a problem?",
            ),
            (
                "agent",
                "Good that you mentioned it. Mara uses a vegan ink range, and she can do a small patch test at the consultation. I'll add a note to your booking, CON-2318.",
            ),
            ("customer", "Brilliant. Can I bring reference pictures?"),
            (
                "agent",
                "Please do. Even better, email them before, and I'll forward them to Mara so she can sketch ideas. I'll also send you our aftercare leaflet tonight.",
            ),
            ("customer", "Will do. Thanks so much, Soraya!"),
        ],
        {
            "situation": "Bethany Rourke wanted a consultation for a fine-line botanical half sleeve featuring ferns and foxgloves.",
            "custom_actions": "The agent booked a free 30-minute consultation, reference CON-2318, with Dex Holloway on Thursday, June 11, at 4:15 PM. She explained that the artist charges £140 an hour and that a half sleeve of this kind normally needs three sittings of roughly four hours each, with a firm quote to follow at the consultation. No payment is due now; a £100 deposit will be taken when the first sitting is booked and deducted from the final session. Because Bethany reacted to another studio's ink last year, a note was added to the booking that a patch test with the vegan ink range can be done at the consultation.",
            "follow_up": "The agent will forward Bethany's reference pictures to Mara once she emails them. The agent will also send the aftercare leaflet tonight, June 2.",
            "escalated": "No",
        },
        [
            (
                "situation",
                "Bethany Rourke wanted a consultation for a fine-line botanical half sleeve featuring ferns and foxgloves.",
                True,
                "Turns 0 and 2.",
            ),
            (
                "custom_actions",
                "The agent booked a free 30-minute consultation, reference CON-2318, with Dex Holloway on Thursday, June 11, at 4:15 PM.",
                False,
                "The consultation is with Mara Kovač; Dex Holloway does traditional work (turns 1-3).",
            ),
            (
                "custom_actions",
                "She explained that the artist charges £140 an hour and that a half sleeve of this kind normally needs three sittings of roughly four hours each, with a firm quote to follow at the consultation.",
                True,
                "Turn 5.",
            ),
            (
                "custom_actions",
                "No payment is due now; a £100 deposit will be taken when the first sitting is booked and deducted from the final session.",
                True,
                "Turn 7.",
            ),
            (
                "custom_actions",
                "Because Bethany reacted to another studio's ink last year, a note was added to the booking that a patch test with the vegan ink range can be done at the consultation.",
                True,
                "Turns 8-9.",
            ),
            (
                "follow_up",
                "The agent will forward Bethany's reference pictures to Mara once she emails them.",
                True,
                "Turn 11.",
            ),
            (
                "follow_up",
                "The agent will also send the aftercare leaflet tonight, June 2.",
                True,
                "Turn 11; the chat is on June 2.",
            ),
            ("escalated", "Escalated: No", True, "Nothing was passed to a supervisor or team."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, False],
            "escalated": [True],
        },
        {
            "situation": [
                [
                    ("Consultation for a half sleeve", True),
                    ("Fine-line botanicals: ferns and foxgloves", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Consultation with Mara Kovač, who does fine line", False),
                    ("Free 30-minute consultation at 4:15 PM", True),
                    ("£140 an hour; about three four-hour sittings; exact quote later", True),
                    ("£100 deposit at the first sitting, off the last session", True),
                    ("Patch test with vegan ink at the consultation, noted on the booking", True),
                ],
                [("Thursday the 11th (June 11)", True)],
                [("Booking CON-2318", True)],
                [],
            ],
            "follow_up": [
                [
                    ("Reference pictures forwarded to Mara once emailed", True),
                    ("Aftercare leaflet sent tonight", True),
                ],
                [],
            ],
        },
    )
)

# 5. Hot-tub hire (clean): "the Friday after next" resolved to May 15, the delivery moved from
# 2 PM to 9 AM, the gazebo turned down, "a 2.5-by-2.5-metre space", "an eight-seat inflatable".
ROWS.append(
    conversation(
        "new12-005",
        "voice",
        "scheduling",
        "2026-05-04T11:20:00Z",
        "Callum",
        [
            ("agent", "Bubble & Bask Hot Tub Hire, Callum speaking."),
            (
                "customer",
                "Hi Callum, it's Priya Nandakumar. I'd like to hire a hot tub for my sister's hen weekend, the Friday after next, for three nights.",
            ),
            ("agent", "Lovely. That's the 15th through to Monday the 18th. How many people?"),
            ("customer", "Eight of us."),
            (
                "agent",
                "Then you'll want the Lagoon, our eight-seater inflatable. Three nights is £240, delivery and set-up included.",
            ),
            ("customer", "Sounds good. Where does it go, do you need a concrete base?"),
            (
                "agent",
                "Any flat, level surface about 2.5 by 2.5 metres, and a socket within 10 metres. We don't allow it on decking above the ground floor, though.",
            ),
            ("customer", "It'll be on the patio, ground level. What time will you come?"),
            ("agent", "Our driver could come at 2 PM on the Friday."),
            (
                "customer",
                "Hmm, the girls arrive around six and it would be nice to have it warm by then.",
            ),
            (
                "agent",
                "Fair point, it needs about eight hours to heat. I'll move you to the 9 AM slot instead, so it's hot by 5.",
            ),
            ("customer", "Perfect. Do you do any extras?"),
            (
                "agent",
                "We have a pop-up gazebo with fairy lights for £35, if you'd like some shelter.",
            ),
            ("customer", "The forecast's good, so we'll go without."),
            (
                "agent",
                "No problem. There's a £150 refundable damage deposit, returned within five working days after collection on Monday the 18th. Your booking number is BB-6614, and I'll email the terms and the water-care guide today.",
            ),
            ("customer", "Brilliant, thanks Callum."),
        ],
        {
            "situation": "Priya Nandakumar wanted to rent a hot tub for eight people for her sister's hen weekend.",
            "action": "The agent reserved the Lagoon, an eight-seat inflatable, from Friday, May 15, to Monday, May 18, at £240 for the three nights with delivery and set-up included; it will stand on the ground-level patio. It needs a level 2.5-by-2.5-metre space with a socket within 10 metres. The delivery was first offered at 2 PM but brought forward to 9 AM so the water, which takes about eight hours to heat, is warm before the guests arrive around six. A £35 gazebo with fairy lights was proposed and turned down given the good forecast. The booking number is BB-6614.",
            "next_steps": "The tub is delivered and set up at 9 AM on Friday, May 15, and collected on Monday, May 18. The £150 refundable damage deposit comes back within five working days of collection. The advisor emails the terms and the water-care guide today, May 4.",
            "entities": "customer_name: Priya Nandakumar\nbooking_number: BB-6614\nhot_tub: Lagoon, eight-seater inflatable\nhire_price: £240\ndamage_deposit: £150",
            "contact_reason": "Other",
        },
        [
            (
                "situation",
                "Priya Nandakumar wanted to rent a hot tub for eight people for her sister's hen weekend.",
                True,
                "Turns 1 and 3.",
            ),
            (
                "action",
                "The agent reserved the Lagoon, an eight-seat inflatable, from Friday, May 15, to Monday, May 18, at £240 for the three nights with delivery and set-up included; it will stand on the ground-level patio.",
                True,
                "'The Friday after next' from Monday May 4 is May 15, confirmed as 'the 15th' (turn 2); turns 4 and 7.",
            ),
            (
                "action",
                "It needs a level 2.5-by-2.5-metre space with a socket within 10 metres.",
                True,
                "Turn 6.",
            ),
            (
                "action",
                "The delivery was first offered at 2 PM but brought forward to 9 AM so the water, which takes about eight hours to heat, is warm before the guests arrive around six.",
                True,
                "Turns 8-10.",
            ),
            (
                "action",
                "A £35 gazebo with fairy lights was proposed and turned down given the good forecast.",
                True,
                "Turns 12-13.",
            ),
            ("action", "The booking number is BB-6614.", True, "Turn 14."),
            (
                "next_steps",
                "The tub is delivered and set up at 9 AM on Friday, May 15, and collected on Monday, May 18.",
                True,
                "Turns 2, 10 and 14.",
            ),
            (
                "next_steps",
                "The £150 refundable damage deposit comes back within five working days of collection.",
                True,
                "Turn 14.",
            ),
            (
                "next_steps",
                "The advisor emails the terms and the water-care guide today, May 4.",
                True,
                "Turn 14; the call is on May 4.",
            ),
            ("entities", "customer_name: Priya Nandakumar", True, "Turn 1."),
            ("entities", "booking_number: BB-6614", True, "Turn 14."),
            ("entities", "hot_tub: Lagoon, eight-seater inflatable", True, "Turn 4."),
            ("entities", "hire_price: £240", True, "Turn 4."),
            ("entities", "damage_deposit: £150", True, "Turn 14."),
            ("contact_reason", "Contact reason: Other", True, "Hiring a hot tub."),
        ],
        {"next_steps": [True, True], "contact_reason": [True]},
        {
            "situation": [
                [
                    ("Hot tub for her sister's hen weekend", True),
                    ("For eight people", True),
                ]
            ],
            "action": [
                [
                    ("Lagoon eight-seater, three nights for £240 with delivery and set-up", True),
                    ("From Friday the 15th to Monday the 18th", True),
                    (
                        "Flat 2.5 by 2.5 metre surface, socket within 10 metres; ground-level patio",
                        True,
                    ),
                    ("Delivery moved from 2 PM to 9 AM so it is hot by the evening", True),
                    ("Gazebo for £35 offered and declined", True),
                    ("Booking number BB-6614", True),
                ]
            ],
            "next_steps": [
                [
                    ("Delivery at 9 AM on Friday the 15th", True),
                    ("Collection on Monday the 18th", True),
                    ("£150 deposit back within five working days after collection", True),
                    ("Terms and water-care guide emailed today", True),
                ],
                [],
            ],
            "entities": [
                [
                    ("Priya Nandakumar", True),
                    ("Booking BB-6614", True),
                    ("Lagoon hot tub", True),
                    ("£240", True),
                    ("£150 damage deposit", True),
                ]
            ],
        },
    )
)

# 6. Vinyl pressing (custom sections only): the £95 of the test pressings given as the price of
# the gatefold sleeves, which are £720 (wrong noun); descriptive text in the call driver
# (adherence); coloured vinyl turned down, "£1,470", "£2,285", "£1,142.50", "by Thursday".
ROWS.append(
    conversation(
        "new12-006",
        "chat",
        "billing",
        "2026-09-15T13:10:00Z",
        "Nadia",
        [
            (
                "customer",
                "Hello, my band Copper Lanterns wants to press our debut album on vinyl. I'm Théo Marchetti. Can you give me prices for 300 copies?",
            ),
            (
                "agent",
                "Hi Théo, Nadia from Groove Foundry Pressing. For 300 copies of a 12-inch on 180-gram black vinyl, pressing is £1,470, which includes mastering for vinyl and the lacquers.",
            ),
            ("customer", "And sleeves? We'd want a full-colour gatefold."),
            (
                "agent",
                "A printed gatefold sleeve is £2.40 each, so £720 for 300. Printed inner sleeves are another £0.60 each.",
            ),
            ("customer", "We'll stick to plain white inners. Can we get coloured vinyl?"),
            (
                "agent",
                "Transparent red or marbled are £1.20 more per copy, so £360 on top.",
            ),
            ("customer", "Tempting, but the budget's tight, let's stay with black."),
            (
                "agent",
                "Sure. Before the full run we send test pressings; that's £95 for five copies, and you've got a week to approve them.",
            ),
            ("customer", "How long does it all take?"),
            (
                "agent",
                "About ten weeks from approving the test pressings. If you approve by mid-October, you'd have the records before Christmas.",
            ),
            ("customer", "Great. Let's go ahead then, black vinyl, gatefold, plain inners."),
            (
                "agent",
                "Done. Your order is GF-22407, total £2,285: £1,470 pressing, £720 sleeves and £95 test pressings. I need a 50% deposit, £1,142.50, before we cut the lacquers. I'll email the invoice and the artwork templates by Thursday.",
            ),
            ("customer", "Got it. We'll send the WAV files and artwork next week."),
            ("agent", "Perfect. Artwork must be 300 dpi with 3 mm bleed. Thanks Théo!"),
        ],
        {
            "custom_actions": "The agent quoted and set up order GF-22407 for 300 copies of Copper Lanterns' debut album on 12-inch, 180-gram black vinyl. Pressing costs £1,470, mastering and lacquers included, and the full-colour gatefold sleeves £95. Plain white inner sleeves were chosen over printed ones at £0.60 each, and coloured vinyl, an extra £360, was declined to stay within budget. Five test pressings precede the run, and production takes about ten weeks after they are approved, so approval by mid-October should mean records before Christmas. The total comes to £2,285, of which a 50% deposit of £1,142.50 is required before the lacquers are cut.",
            "next_steps": "The advisor emails the invoice and the artwork templates by Thursday, September 17. The band sends the WAV files and artwork next week, with artwork at 300 dpi and 3 mm bleed. The deposit is paid before the lacquers are cut, and the test pressings must be approved within a week of arrival.",
            "call_driver": "Other - new vinyl pressing order",
        },
        [
            (
                "custom_actions",
                "The agent quoted and set up order GF-22407 for 300 copies of Copper Lanterns' debut album on 12-inch, 180-gram black vinyl.",
                True,
                "Turns 0-1 and 10-11.",
            ),
            (
                "custom_actions",
                "Pressing costs £1,470, mastering and lacquers included, and the full-colour gatefold sleeves £95.",
                False,
                "The gatefold sleeves are £2.40 each, £720; £95 is the price of the test pressings (turns 3, 7 and 11).",
            ),
            (
                "custom_actions",
                "Plain white inner sleeves were chosen over printed ones at £0.60 each, and coloured vinyl, an extra £360, was declined to stay within budget.",
                True,
                "Turns 3-6.",
            ),
            (
                "custom_actions",
                "Five test pressings precede the run, and production takes about ten weeks after they are approved, so approval by mid-October should mean records before Christmas.",
                True,
                "Turns 7-9.",
            ),
            (
                "custom_actions",
                "The total comes to £2,285, of which a 50% deposit of £1,142.50 is required before the lacquers are cut.",
                True,
                "Turn 11.",
            ),
            (
                "next_steps",
                "The advisor emails the invoice and the artwork templates by Thursday, September 17.",
                True,
                "Turn 11; Thursday after Tuesday September 15 is September 17.",
            ),
            (
                "next_steps",
                "The band sends the WAV files and artwork next week, with artwork at 300 dpi and 3 mm bleed.",
                True,
                "Turns 12-13.",
            ),
            (
                "next_steps",
                "The deposit is paid before the lacquers are cut, and the test pressings must be approved within a week of arrival.",
                True,
                "Turns 7 and 11: 'you've got a week to approve them'.",
            ),
            (
                "call_driver",
                "Call driver: Other - new vinyl pressing order",
                True,
                "A pressing order is none of the listed reasons; the added text is an adherence matter.",
            ),
        ],
        {
            "custom_actions": [True, True, True, True],
            "next_steps": [True, True],
            "call_driver": [False],
        },
        {
            "custom_actions": [
                [
                    ("300 copies, 12-inch, 180-gram black; pressing £1,470 with mastering", True),
                    ("Gatefold sleeves at £2.40 each, £720", False),
                    ("Plain white inners rather than printed ones at £0.60", True),
                    ("Coloured vinyl at £1.20 more per copy declined", True),
                    ("Five test pressings for £95", False),
                    ("Total £2,285; 50% deposit of £1,142.50 before the lacquers", True),
                ],
                [
                    ("About ten weeks; approve by mid-October for records before Christmas", True),
                    ("Invoice and templates by Thursday", False),
                ],
                [("Order GF-22407", True)],
                [],
            ],
            "next_steps": [
                [
                    ("Invoice and artwork templates emailed by Thursday", True),
                    ("Band sends WAV files and artwork next week", True),
                    ("Artwork at 300 dpi with 3 mm bleed", True),
                    ("Deposit before the lacquers are cut", True),
                    ("Test pressings approved within a week", True),
                ],
                [],
            ],
        },
    )
)

# 7. Sea-kayak tour (predefined sections only): four people in two double kayaks, the summary
# says three (wrong count); customer satisfaction D for a happy customer (wrong categorical);
# the GoPro package turned down, "on Saturday" resolved to July 11, "the 9:30 tour".
ROWS.append(
    conversation(
        "new12-007",
        "voice",
        "scheduling",
        "2026-07-07T10:45:00Z",
        "Ewan",
        [
            ("agent", "Tidewater Kayak Tours, Ewan here, how can I help?"),
            (
                "customer",
                "Hi, I'm Grace Abernathy-Lowe. I'd like to book the sea-cave tour for my family on Saturday: me, my husband and our two kids, who are eleven and seven.",
            ),
            (
                "agent",
                "Lovely. On the sea-cave tour, children under twelve have to share a double kayak with an adult, so that would be two doubles, one for each of you with one child.",
            ),
            ("customer", "That's fine. What time does it start?"),
            ("agent", "Saturday we have 9:30 and 1:45. The morning tide's better for the caves."),
            ("customer", "Morning then."),
            (
                "agent",
                "It's £58 per adult and £32 per child, so £180 for the four of you, wetsuits and buoyancy aids included.",
            ),
            ("customer", "Do the kids need to be able to swim?"),
            (
                "agent",
                "They should be comfortable in the water, but everyone wears a buoyancy aid and the guide's with you the whole time. Oh, and would you like the GoPro photo package for £25? The guide films the trip and you get the footage.",
            ),
            ("customer", "We'll pass, my husband's bringing his own waterproof camera."),
            (
                "agent",
                "No problem. Your booking is TK-3058. Please arrive 30 minutes early at the Porthcullen slipway, and bring a towel and a change of clothes.",
            ),
            ("customer", "And if the weather's bad?"),
            (
                "agent",
                "If the coastguard warning is up, we cancel by 7 AM on the day and you can rebook or get a full refund.",
            ),
            ("customer", "Great. Thanks for your help, Ewan, the kids are really excited."),
        ],
        {
            "situation": "Grace Abernathy-Lowe wanted to book the sea-cave kayak tour on Saturday for herself, her husband and their two children, aged eleven and seven.",
            "action": "The agent booked the family on the 9:30 tour on Saturday, July 11, chosen because the morning tide suits the caves, booking TK-3058. As children under twelve must paddle with an adult, the group was allocated three double kayaks. The price is £180 for two adults at £58 and two children at £32, with wetsuits and buoyancy aids included. A £25 GoPro photo package was offered but declined, since the husband will bring his own waterproof camera. The family must arrive half an hour early at the Porthcullen slipway with a towel and dry clothes. If a coastguard warning is in force, the tour is cancelled by 7 AM on the day, with a choice of rebooking or a full refund.",
            "resolution": "Y",
            "customer_satisfaction": "D",
            "entities": "customer_name: Grace Abernathy-Lowe\nbooking_number: TK-3058\ntour: sea-cave tour, Saturday 9:30\ntotal: £180\nmeeting_point: Porthcullen slipway",
        },
        [
            (
                "situation",
                "Grace Abernathy-Lowe wanted to book the sea-cave kayak tour on Saturday for herself, her husband and their two children, aged eleven and seven.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "The agent booked the family on the 9:30 tour on Saturday, July 11, chosen because the morning tide suits the caves, booking TK-3058.",
                True,
                "Saturday after Tuesday July 7 is July 11; turns 4-5 and 10.",
            ),
            (
                "action",
                "As children under twelve must paddle with an adult, the group was allocated three double kayaks.",
                False,
                "Two doubles, one adult with one child in each (turn 2).",
            ),
            (
                "action",
                "The price is £180 for two adults at £58 and two children at £32, with wetsuits and buoyancy aids included.",
                True,
                "Turn 6.",
            ),
            (
                "action",
                "A £25 GoPro photo package was offered but declined, since the husband will bring his own waterproof camera.",
                True,
                "Turns 8-9.",
            ),
            (
                "action",
                "The family must arrive half an hour early at the Porthcullen slipway with a towel and dry clothes.",
                True,
                "Turn 10: '30 minutes early', 'a change of clothes'.",
            ),
            (
                "action",
                "If a coastguard warning is in force, the tour is cancelled by 7 AM on the day, with a choice of rebooking or a full refund.",
                True,
                "Turn 12.",
            ),
            ("resolution", "Resolution: Y (all issues resolved)", True, "The tour is booked."),
            (
                "customer_satisfaction",
                "Customer satisfaction: D (dissatisfied)",
                False,
                "The customer ends pleased: 'Thanks for your help, Ewan, the kids are really excited.'",
            ),
            ("entities", "customer_name: Grace Abernathy-Lowe", True, "Turn 1."),
            ("entities", "booking_number: TK-3058", True, "Turn 10."),
            ("entities", "tour: sea-cave tour, Saturday 9:30", True, "Turns 1 and 4-5."),
            ("entities", "total: £180", True, "Turn 6."),
            ("entities", "meeting_point: Porthcullen slipway", True, "Turn 10."),
        ],
        {},
        {
            "situation": [
                [
                    ("Book the sea-cave tour on Saturday", True),
                    ("Herself, her husband and two children aged eleven and seven", True),
                ]
            ],
            "action": [
                [
                    ("Two double kayaks, each child with an adult", False),
                    ("9:30 tour, the morning tide being better for the caves", True),
                    ("£58 per adult, £32 per child, £180 with wetsuits and buoyancy aids", True),
                    ("GoPro package for £25 declined", True),
                    ("Booking TK-3058", True),
                    ("Arrive 30 minutes early at Porthcullen slipway with towel and clothes", True),
                    ("Cancelled by 7 AM if a coastguard warning; rebook or full refund", True),
                    ("Children should be comfortable in the water; guide there throughout", False),
                ]
            ],
            "entities": [
                [
                    ("Grace Abernathy-Lowe", True),
                    ("Booking TK-3058", True),
                    ("Total £180", True),
                    ("Porthcullen slipway", True),
                ]
            ],
        },
    )
)

# 8. Alterations shop: a £6 courier pick-up offered and turned down (the customer drops them in on
# Thursday), summarised as arranged (offered versus done); the follow-up section left empty
# (adherence, completeness); "a 29-inch inside leg", the refund given right.
ROWS.append(
    conversation(
        "new12-008",
        "chat",
        "returns",
        "2026-10-06T15:55:00Z",
        "Imogen",
        [
            (
                "customer",
                "Hi, I picked up my suit trousers from you on Saturday and the hem is way too short, they're showing my socks. Ticket number SL-7731.",
            ),
            (
                "agent",
                "Hi, Imogen at Stitch Lane Alterations. I'm so sorry. I can see the ticket: navy wool trousers, hemmed to a 29-inch inside leg. Is that what you asked for?",
            ),
            ("customer", "No, I asked for 31! I've got a wedding on the 17th."),
            (
                "agent",
                "You're right, the ticket says 31 and the tailor's note says 29, so that's our mistake. Luckily there's enough turn-up fabric to let them down to 31 again.",
            ),
            ("customer", "Oh, thank goodness."),
            (
                "agent",
                "We'll redo them for free, of course. We can also refund the £18 hemming charge as an apology.",
            ),
            ("customer", "That would be great, thanks."),
            (
                "agent",
                "Done, the £18 is back on your card; it can take three to five days to appear. Now, to get the trousers to us, we can send a courier to collect them tomorrow for £6, or you can drop them in.",
            ),
            ("customer", "I'm in town on Thursday anyway, I'll drop them in."),
            (
                "agent",
                "Great. If you bring them in on Thursday, they'll be ready on Saturday after 11, well before the wedding. I'll text you when they're done.",
            ),
            ("customer", "Perfect. And can you make sure they're pressed this time?"),
            (
                "agent",
                "Absolutely, pressing is included, and I've flagged the ticket so the head tailor, Ruth, checks them before they go out.",
            ),
            ("customer", "Thanks, Imogen."),
        ],
        {
            "product_issue": "Navy wool suit trousers on ticket SL-7731, hemmed to a 29-inch inside leg. The customer had asked for 31 inches, so the hem came out too short and showed their socks.",
            "action": "The agent acknowledged the shop's error, since the ticket said 31 inches but the tailor had worked to 29. The agent confirmed there is enough fabric to lengthen the trousers to 31 inches at no charge. The £18 hemming fee was refunded to the customer's card as an apology, to show within three to five days. A courier was arranged to collect the trousers tomorrow for £6. Pressing is included, and the ticket was flagged so that Ruth, the head tailor, inspects the trousers before they are released.",
            "follow_up": "",
            "refund_given": "Yes",
        },
        [
            (
                "product_issue",
                "Navy wool suit trousers on ticket SL-7731, hemmed to a 29-inch inside leg.",
                True,
                "Turns 0-1.",
            ),
            (
                "product_issue",
                "The customer had asked for 31 inches, so the hem came out too short and showed their socks.",
                True,
                "Turns 0 and 2.",
            ),
            (
                "action",
                "The agent acknowledged the shop's error, since the ticket said 31 inches but the tailor had worked to 29.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "The agent confirmed there is enough fabric to lengthen the trousers to 31 inches at no charge.",
                True,
                "Turns 3 and 5.",
            ),
            (
                "action",
                "The £18 hemming fee was refunded to the customer's card as an apology, to show within three to five days.",
                True,
                "Turns 5-7.",
            ),
            (
                "action",
                "A courier was arranged to collect the trousers tomorrow for £6.",
                False,
                "The courier was only offered; the customer will drop them in on Thursday (turns 7-9).",
            ),
            (
                "action",
                "Pressing is included, and the ticket was flagged so that Ruth, the head tailor, inspects the trousers before they are released.",
                True,
                "Turn 11.",
            ),
            ("refund_given", "Refund given: Yes", True, "'the £18 is back on your card' (turn 7)."),
        ],
        {
            "product_issue": [True, True],
            "follow_up": [False, False],
            "refund_given": [True],
        },
        {
            "product_issue": [
                [
                    ("Navy wool suit trousers, ticket SL-7731", True),
                    ("Hemmed to a 29-inch inside leg", True),
                ],
                [
                    ("Hem too short, showing socks", True),
                    ("31 inches had been asked for", True),
                ],
            ],
            "action": [
                [
                    ("Shop's mistake: ticket says 31, tailor's note 29", True),
                    ("Let down to 31 for free", True),
                    ("£18 hemming charge refunded to the card, three to five days", True),
                    ("Customer drops them in on Thursday; £6 courier not taken", False),
                    ("Ready on Saturday after 11", False),
                    ("Pressing included; head tailor Ruth checks them", True),
                ]
            ],
            "follow_up": [[("Text when the trousers are ready, Saturday after 11", False)], []],
        },
    )
)

# 9. Spanish diving school (clean): "el miércoles de la semana que viene" resolved to August 19,
# "antes del viernes" to August 14, the price revised from 390 to 360 euros, the 7 mm wetsuit
# turned down, "cuatro inmersiones", "a las 9:00".
ROWS.append(
    conversation(
        "new12-009",
        "chat",
        "scheduling",
        "2026-08-11T09:30:00Z",
        "Lucía",
        [
            (
                "customer",
                "Hola, buenos días. Quería apuntarme al curso Open Water con mi hermano. Nunca hemos buceado.",
            ),
            (
                "agent",
                "¡Buenos días! Soy Lucía, del Centro de Buceo Mar de Alborán. ¿Me dices vuestros nombres?",
            ),
            ("customer", "Yo soy Adrián Bermejo y mi hermano, Sergio Bermejo."),
            (
                "agent",
                "Perfecto. El curso dura tres días: una mañana de teoría y piscina y dos días en el mar con cuatro inmersiones. Cuesta 390 euros por persona, con el equipo y la certificación incluidos.",
            ),
            ("customer", "Vale. ¿Podríamos empezar el miércoles de la semana que viene?"),
            (
                "agent",
                "Sí, hay plazas del miércoles 19 al viernes 21. Empezamos a las 9:00 en el centro, en el puerto de Almerimar.",
            ),
            ("customer", "Genial. ¿Hace falta algún certificado médico?"),
            (
                "agent",
                "Tenéis que rellenar un cuestionario médico; si contestáis que sí a alguna pregunta, necesitaréis el visto bueno de un médico antes de empezar.",
            ),
            ("customer", "De acuerdo. ¿Y hay descuento por ser dos?"),
            (
                "agent",
                "Para dos personas que se apuntan juntas, el precio baja a 360 euros cada uno, o sea, 720 euros en total. La reserva es la MA-1408 y se confirma con una señal de 100 euros.",
            ),
            ("customer", "Perfecto. ¿Os puedo pagar la señal ahora con tarjeta?"),
            (
                "agent",
                "Sí, te mando ahora un enlace de pago por SMS. Y si queréis, podéis alquilar un traje de neopreno de 7 mm en vez del de 5 mm por 15 euros más, aunque en agosto el agua está a 24 grados.",
            ),
            ("customer", "Con el de 5 mm vamos bien entonces."),
            (
                "agent",
                "Muy bien. Antes del viernes os envío por correo el manual digital y el cuestionario médico para que lo tengáis hecho el primer día.",
            ),
            ("customer", "¡Muchas gracias, Lucía!"),
        ],
        {
            "situation": "Adrián Bermejo quería inscribirse con su hermano Sergio en el curso Open Water; ninguno de los dos había buceado antes.",
            "custom_actions": "La agente les reservó plaza en el curso de tres días, del miércoles 19 al viernes 21 de agosto, con inicio a las 9:00 en el centro del puerto de Almerimar; la reserva es la MA-1408. El curso comprende una mañana de teoría y piscina y dos jornadas en el mar con cuatro inmersiones, equipo y certificación incluidos. Por apuntarse juntos, el precio bajó de 390 a 360 euros por cabeza, 720 euros en total, y la plaza se confirma con una señal de 100 euros. El neopreno de 7 mm, 15 euros más caro, se descartó porque en agosto el agua está a 24 grados. Deben rellenar el cuestionario médico, que recibirán antes del viernes 14 de agosto, y, si responden afirmativamente a alguna pregunta, obtener el visto bueno de un médico.",
            "follow_up": "La representante envía ahora por SMS el enlace para pagar la señal con tarjeta. Antes del viernes 14 de agosto, mandará por correo el manual digital y el cuestionario médico.",
            "entities": "cliente: Adrián Bermejo\nacompañante: Sergio Bermejo\nreserva: MA-1408\ncurso: Open Water\nprecio_total: 720 euros\nseñal: 100 euros",
            "resolution": "Y",
        },
        [
            (
                "situation",
                "Adrián Bermejo quería inscribirse con su hermano Sergio en el curso Open Water; ninguno de los dos había buceado antes.",
                True,
                "Turns 0 and 2.",
            ),
            (
                "custom_actions",
                "La agente les reservó plaza en el curso de tres días, del miércoles 19 al viernes 21 de agosto, con inicio a las 9:00 en el centro del puerto de Almerimar; la reserva es la MA-1408.",
                True,
                "'El miércoles de la semana que viene' from Tuesday August 11 is August 19; turns 4-5 and 9.",
            ),
            (
                "custom_actions",
                "El curso comprende una mañana de teoría y piscina y dos jornadas en el mar con cuatro inmersiones, equipo y certificación incluidos.",
                True,
                "Turn 3.",
            ),
            (
                "custom_actions",
                "Por apuntarse juntos, el precio bajó de 390 a 360 euros por cabeza, 720 euros en total, y la plaza se confirma con una señal de 100 euros.",
                True,
                "Turns 3 and 9.",
            ),
            (
                "custom_actions",
                "El neopreno de 7 mm, 15 euros más caro, se descartó porque en agosto el agua está a 24 grados.",
                True,
                "Turns 11-12.",
            ),
            (
                "custom_actions",
                "Deben rellenar el cuestionario médico, que recibirán antes del viernes 14 de agosto, y, si responden afirmativamente a alguna pregunta, obtener el visto bueno de un médico.",
                True,
                "Turns 7 and 13; the Friday after Tuesday August 11 is August 14.",
            ),
            (
                "follow_up",
                "La representante envía ahora por SMS el enlace para pagar la señal con tarjeta.",
                True,
                "Turns 10-11.",
            ),
            (
                "follow_up",
                "Antes del viernes 14 de agosto, mandará por correo el manual digital y el cuestionario médico.",
                True,
                "Turn 13.",
            ),
            ("entities", "cliente: Adrián Bermejo", True, "Turn 2."),
            ("entities", "acompañante: Sergio Bermejo", True, "Turn 2."),
            ("entities", "reserva: MA-1408", True, "Turn 9."),
            ("entities", "curso: Open Water", True, "Turn 0."),
            ("entities", "precio_total: 720 euros", True, "Turn 9."),
            ("entities", "señal: 100 euros", True, "Turn 9."),
            ("resolution", "Resolution: Y (all issues resolved)", True, "Both are booked."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
        },
        {
            "situation": [
                [
                    ("Apuntarse con su hermano al curso Open Water", True),
                    ("Nunca han buceado", True),
                ]
            ],
            "custom_actions": [
                [
                    (
                        "Curso de tres días: teoría y piscina, dos días de mar, cuatro inmersiones",
                        True,
                    ),
                    ("Equipo y certificación incluidos", True),
                    ("Cuestionario médico; visto bueno de un médico si hay algún sí", True),
                    ("Neopreno de 7 mm por 15 euros más descartado", True),
                    ("Señal de 100 euros", True),
                ],
                [
                    ("Del miércoles 19 al viernes 21 de agosto, a las 9:00", True),
                    ("Cuestionario antes del viernes", True),
                ],
                [("Reserva MA-1408", True)],
                [("Precio rebajado de 390 a 360 euros por persona, 720 en total", True)],
            ],
            "follow_up": [
                [
                    ("Enlace de pago de la señal por SMS ahora", True),
                    ("Manual digital y cuestionario por correo antes del viernes", True),
                ],
                [],
            ],
            "entities": [
                [
                    ("Adrián Bermejo", True),
                    ("Sergio Bermejo", True),
                    ("Reserva MA-1408", True),
                    ("Total 720 euros", True),
                    ("Señal 100 euros", True),
                ]
            ],
        },
        language="es",
    )
)

# 10. French gîte: end-of-stay cleaning is not included (70-euro option), the summary says it is
# (negation); six guests corrected to seven told right, "1 260 euros", "cet après-midi" and "la
# veille" resolved right, "à partir de 16 h".
ROWS.append(
    conversation(
        "new12-010",
        "voice",
        "scheduling",
        "2026-04-01T10:10:00Z",
        "Solène",
        [
            ("agent", "Gîtes du Vallon, Solène à l'appareil, bonjour."),
            (
                "customer",
                "Bonjour, je m'appelle Hervé Lachaume. Je voudrais réserver le gîte Les Tilleuls pour une semaine en juillet, du samedi 11 au samedi 18.",
            ),
            ("agent", "Je regarde… Oui, Les Tilleuls est libre à ces dates. Vous serez combien ?"),
            ("customer", "Six adultes. Ah non, pardon, sept : mon beau-frère vient finalement."),
            (
                "agent",
                "Sept, ça va, le gîte couche jusqu'à huit personnes. La semaine est à 1 260 euros, taxe de séjour comprise.",
            ),
            ("customer", "Très bien. Nous avons aussi un chien, un labrador. C'est accepté ?"),
            (
                "agent",
                "Oui, les chiens sont acceptés moyennant un supplément de 30 euros pour la semaine.",
            ),
            ("customer", "Parfait. Et le ménage de fin de séjour, il est compris ?"),
            (
                "agent",
                "Non, il n'est pas compris : soit vous le faites vous-mêmes, soit vous prenez l'option ménage à 70 euros.",
            ),
            ("customer", "On le fera nous-mêmes."),
            (
                "agent",
                "D'accord. Les draps et les serviettes sont fournis. Pour bloquer la réservation, il faut un acompte de 30 %, soit 387 euros, à régler sous huit jours.",
            ),
            ("customer", "Très bien. Et l'arrivée, c'est à quelle heure ?"),
            (
                "agent",
                "Arrivée à partir de 16 h, départ avant 10 h. Votre numéro de réservation est GV-0711. Je vous envoie le contrat par courriel cet après-midi, et la propriétaire, Mme Roussel, vous appellera la veille de votre arrivée pour vous donner le code de la boîte à clés.",
            ),
            ("customer", "Parfait, merci beaucoup."),
            ("agent", "Je vous en prie, bonne journée !"),
        ],
        {
            "situation": "Hervé Lachaume souhaitait louer le gîte Les Tilleuls pour la semaine du samedi 11 au samedi 18 juillet, pour sept adultes et un labrador.",
            "action": "L'agente a confirmé la disponibilité du gîte, qui peut accueillir huit personnes, et l'a réservé sous le numéro GV-0711. La semaine coûte 1 260 euros, taxe de séjour incluse, plus 30 euros pour le chien. Le ménage de fin de séjour est compris dans le prix. Draps et serviettes sont fournis. Un acompte de 30 %, soit 387 euros, doit être versé dans les huit jours. L'arrivée se fait à partir de 16 h et le départ avant 10 h.",
            "follow_up": "La représentante envoie le contrat par courriel cet après-midi, le 1er avril. Mme Roussel, la propriétaire, appellera le vendredi 10 juillet, veille de l'arrivée, pour communiquer le code de la boîte à clés.",
            "entities": "client: Hervé Lachaume\ngîte: Les Tilleuls\nréservation: GV-0711\nprix: 1 260 euros\nacompte: 387 euros\npropriétaire: Mme Roussel",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Hervé Lachaume souhaitait louer le gîte Les Tilleuls pour la semaine du samedi 11 au samedi 18 juillet, pour sept adultes et un labrador.",
                True,
                "Turns 1, 3 and 5: six corrected to seven.",
            ),
            (
                "action",
                "L'agente a confirmé la disponibilité du gîte, qui peut accueillir huit personnes, et l'a réservé sous le numéro GV-0711.",
                True,
                "Turns 2, 4 and 12.",
            ),
            (
                "action",
                "La semaine coûte 1 260 euros, taxe de séjour incluse, plus 30 euros pour le chien.",
                True,
                "Turns 4 and 6.",
            ),
            (
                "action",
                "Le ménage de fin de séjour est compris dans le prix.",
                False,
                "Turn 8: 'il n'est pas compris'; the cleaning option costs 70 euros.",
            ),
            ("action", "Draps et serviettes sont fournis.", True, "Turn 10."),
            (
                "action",
                "Un acompte de 30 %, soit 387 euros, doit être versé dans les huit jours.",
                True,
                "Turn 10.",
            ),
            (
                "action",
                "L'arrivée se fait à partir de 16 h et le départ avant 10 h.",
                True,
                "Turn 12.",
            ),
            (
                "follow_up",
                "La représentante envoie le contrat par courriel cet après-midi, le 1er avril.",
                True,
                "Turn 12; the call is on April 1.",
            ),
            (
                "follow_up",
                "Mme Roussel, la propriétaire, appellera le vendredi 10 juillet, veille de l'arrivée, pour communiquer le code de la boîte à clés.",
                True,
                "Turn 12: 'la veille de votre arrivée'; arrival is Saturday July 11.",
            ),
            ("entities", "client: Hervé Lachaume", True, "Turn 1."),
            ("entities", "gîte: Les Tilleuls", True, "Turn 1."),
            ("entities", "réservation: GV-0711", True, "Turn 12."),
            ("entities", "prix: 1 260 euros", True, "Turn 4."),
            ("entities", "acompte: 387 euros", True, "Turn 10."),
            ("entities", "propriétaire: Mme Roussel", True, "Turn 12."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Parfait, merci beaucoup.'",
            ),
        ],
        {"follow_up": [True, True]},
        {
            "situation": [
                [
                    ("Réserver Les Tilleuls du samedi 11 au samedi 18 juillet", True),
                    ("Sept adultes (six, corrigé à sept)", True),
                    ("Un chien, un labrador", True),
                ]
            ],
            "action": [
                [
                    ("Gîte libre, jusqu'à huit personnes", True),
                    ("1 260 euros la semaine, taxe de séjour comprise", True),
                    ("Supplément chien de 30 euros", True),
                    ("Ménage non compris : à faire soi-même ou option à 70 euros", False),
                    ("Draps et serviettes fournis", True),
                    ("Acompte de 30 %, 387 euros, sous huit jours", True),
                    ("Arrivée à partir de 16 h, départ avant 10 h", True),
                    ("Réservation GV-0711", True),
                ]
            ],
            "follow_up": [
                [
                    ("Contrat par courriel cet après-midi", True),
                    ("Appel de Mme Roussel la veille de l'arrivée pour le code", True),
                ],
                [],
            ],
            "entities": [
                [
                    ("Hervé Lachaume", True),
                    ("Les Tilleuls", True),
                    ("GV-0711", True),
                    ("1 260 euros", True),
                    ("Acompte de 387 euros", True),
                    ("Mme Roussel", True),
                ]
            ],
        },
        language="fr",
    )
)

# 11. German bouldering gym shop: the case was handed to the shop manager, the summary says not
# escalated (wrong categorical); "bis Samstag" resolved to November 14, "zwanzig Minuten",
# "drei Werktagen", the refund ruled out told right.
ROWS.append(
    conversation(
        "new12-011",
        "voice",
        "returns",
        "2026-11-10T16:25:00Z",
        "Jannik",
        [
            ("agent", "Boulderwerk Ost, Jannik am Apparat, hallo."),
            (
                "customer",
                "Hallo, hier ist Friederike Baumgartner. Ich habe vor zehn Tagen bei Ihnen im Shop Kletterschuhe gekauft, die Felsgrip Vento in Größe 41, und die drücken so sehr, dass ich nach zwanzig Minuten raus muss.",
            ),
            ("agent", "Oh, das ist ärgerlich. Haben Sie die Schuhe schon in der Halle getragen?"),
            ("customer", "Ja, dreimal. Beim Anprobieren im Laden fühlten sie sich okay an."),
            (
                "agent",
                "Getragene Kletterschuhe können wir normalerweise nicht zurücknehmen, weil sich die Sohle abnutzt. Über eine Kulanz entscheidet unsere Shopleitung, Frau Demir. Ich gebe Ihren Fall an sie weiter.",
            ),
            ("customer", "Okay. Wie lange dauert das?"),
            (
                "agent",
                "Sie meldet sich innerhalb von drei Werktagen. Wenn sie zustimmt, könnten Sie die Schuhe gegen ein anderes Modell tauschen, eine Erstattung der 129 Euro ist bei getragener Ware aber ausgeschlossen.",
            ),
            ("customer", "Ein Tausch wäre schon gut. Vielleicht die Vento in 42?"),
            (
                "agent",
                "Die 42 haben wir gerade da. Ich lege Ihnen ein Paar bis Samstag zurück, dann können Sie sie anprobieren, falls Frau Demir zustimmt.",
            ),
            ("customer", "Super. Und die Quittung, brauche ich die?"),
            (
                "agent",
                "Ja, bitte bringen Sie die Quittung und die Schuhe mit. Ich habe den Vorgang unter der Nummer BW-5519 angelegt.",
            ),
            ("customer", "Alles klar. Dann warte ich auf den Anruf."),
            (
                "agent",
                "Genau. Und bis dahin die Schuhe bitte nicht mehr tragen, sonst wird es schwierig.",
            ),
            ("customer", "Mach ich. Danke, Jannik."),
        ],
        {
            "returned_product": "Kletterschuhe Felsgrip Vento in Größe 41, vor zehn Tagen im Hallenshop gekauft. Sie drücken so stark, dass die Kundin sie schon nach zwanzig Minuten ausziehen muss.",
            "action": "Der Mitarbeiter erklärte, dass getragene Kletterschuhe wegen des Sohlenabriebs grundsätzlich nicht zurückgenommen werden. Er übergab den Fall, Vorgang BW-5519, an die Shopleiterin Frau Demir, die sich binnen drei Werktagen zurückmeldet. Stimmt sie zu, ist ein Umtausch möglich, eine Rückzahlung der 129 Euro aber nicht. Ein Paar Vento in Größe 42 wird bis Samstag, den 14. November, zur Anprobe zurückgelegt. Frau Baumgartner soll Schuhe und Kassenbon mitbringen und die Schuhe bis zur Entscheidung nicht mehr tragen.",
            "escalated": "No",
            "customer_satisfaction": "N",
        },
        [
            (
                "returned_product",
                "Kletterschuhe Felsgrip Vento in Größe 41, vor zehn Tagen im Hallenshop gekauft.",
                True,
                "Turn 1.",
            ),
            (
                "returned_product",
                "Sie drücken so stark, dass die Kundin sie schon nach zwanzig Minuten ausziehen muss.",
                True,
                "Turn 1: 'nach zwanzig Minuten raus muss'.",
            ),
            (
                "action",
                "Der Mitarbeiter erklärte, dass getragene Kletterschuhe wegen des Sohlenabriebs grundsätzlich nicht zurückgenommen werden.",
                True,
                "Turn 4.",
            ),
            (
                "action",
                "Er übergab den Fall, Vorgang BW-5519, an die Shopleiterin Frau Demir, die sich binnen drei Werktagen zurückmeldet.",
                True,
                "Turns 4, 6 and 10.",
            ),
            (
                "action",
                "Stimmt sie zu, ist ein Umtausch möglich, eine Rückzahlung der 129 Euro aber nicht.",
                True,
                "Turn 6.",
            ),
            (
                "action",
                "Ein Paar Vento in Größe 42 wird bis Samstag, den 14. November, zur Anprobe zurückgelegt.",
                True,
                "Turn 8; Saturday after Tuesday November 10 is November 14.",
            ),
            (
                "action",
                "Frau Baumgartner soll Schuhe und Kassenbon mitbringen und die Schuhe bis zur Entscheidung nicht mehr tragen.",
                True,
                "Turns 10 and 12: 'Quittung'.",
            ),
            (
                "escalated",
                "Escalated: No",
                False,
                "The case was passed to the shop manager, Frau Demir (turn 4): Yes.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Mach ich. Danke, Jannik.'",
            ),
        ],
        {"returned_product": [True, True], "escalated": [True]},
        {
            "returned_product": [
                [("Felsgrip Vento, Größe 41", True)],
                [
                    ("Drücken so sehr, dass sie nach zwanzig Minuten raus muss", True),
                    ("Beim Anprobieren im Laden fühlten sie sich okay an", False),
                ],
            ],
            "action": [
                [
                    (
                        "Getragene Kletterschuhe normalerweise keine Rücknahme, Sohle nutzt sich ab",
                        True,
                    ),
                    ("Fall an die Shopleitung Frau Demir weitergegeben", True),
                    ("Rückmeldung innerhalb von drei Werktagen", True),
                    ("Bei Zustimmung Tausch, keine Erstattung der 129 Euro", True),
                    ("Vento in 42 bis Samstag zurückgelegt", True),
                    ("Quittung und Schuhe mitbringen", True),
                    ("Vorgang BW-5519", True),
                    ("Schuhe bis dahin nicht mehr tragen", True),
                ]
            ],
        },
        language="de",
    )
)

# 12. Italian beauty centre (clean): "domani" resolved to March 26, "venerdì della prossima
# settimana" to April 3, "il giorno prima" to April 2, the package turned down, "settantacinque
# minuti", "alle 17:30".
ROWS.append(
    conversation(
        "new12-012",
        "chat",
        "scheduling",
        "2026-03-25T12:00:00Z",
        "Chiara",
        [
            (
                "customer",
                "Buongiorno, avrei un appuntamento per domani alle 10 per una pulizia del viso, a nome Ludovica Ferraresi. Purtroppo domani devo lavorare, posso spostarlo?",
            ),
            (
                "agent",
                "Buongiorno Ludovica, sono Chiara del Centro Estetico Viola. Certo. Vedo la prenotazione VI-2093, pulizia del viso profonda, settantacinque minuti, con Serena.",
            ),
            ("customer", "Esatto. Avreste qualcosa sabato mattina?"),
            (
                "agent",
                "Sabato mattina purtroppo è tutto pieno. Posso proporle venerdì della prossima settimana alle 17:30, sempre con Serena.",
            ),
            ("customer", "Va bene venerdì."),
            (
                "agent",
                "Perfetto, spostato a venerdì alle 17:30. Dato che ci ha avvisati con più di 24 ore di anticipo, non c'è nessuna penale.",
            ),
            ("customer", "Ottimo. Già che ci sono, potrei aggiungere una manicure?"),
            (
                "agent",
                "Sì, subito dopo, alle 18:45, con Alessia: semipermanente, 28 euro. La pulizia resta a 65 euro, quindi 93 euro in tutto.",
            ),
            ("customer", "Perfetto."),
            (
                "agent",
                "Abbiamo anche un pacchetto da cinque pulizie a 280 euro, se le interessa; risparmierebbe 45 euro.",
            ),
            ("customer", "Per ora no, grazie, prima vediamo come va."),
            (
                "agent",
                "Nessun problema. Le ricordo di non esporsi al sole e di non fare scrub nei due giorni prima della pulizia. Le mando un promemoria su WhatsApp il giorno prima.",
            ),
            ("customer", "Grazie mille, Chiara!"),
        ],
        {
            "situation": "Ludovica Ferraresi non poteva presentarsi alla pulizia del viso di giovedì 26 marzo alle 10 per impegni di lavoro e chiedeva di spostarla.",
            "custom_actions": "Non essendoci posto sabato mattina, l'agente ha spostato la prenotazione VI-2093, una pulizia profonda di settantacinque minuti con Serena, da giovedì 26 marzo alle 10 a venerdì 3 aprile alle 17:30, senza penale perché il preavviso supera le 24 ore. Subito dopo, alle 18:45, è stata aggiunta una manicure semipermanente con Alessia da 28 euro, per un totale di 93 euro insieme ai 65 della pulizia. Il pacchetto da cinque pulizie a 280 euro, con un risparmio di 45 euro, è stato proposto, ma la cliente ha preferito aspettare.",
            "next_steps": "Il giorno prima, giovedì 2 aprile, la consulente invierà un promemoria su WhatsApp. Nei due giorni precedenti la pulizia Ludovica deve evitare il sole e gli scrub. Venerdì 3 aprile si presenta alle 17:30 per la pulizia e alle 18:45 per la manicure.",
            "contact_reason": "Appointment",
        },
        [
            (
                "situation",
                "Ludovica Ferraresi non poteva presentarsi alla pulizia del viso di giovedì 26 marzo alle 10 per impegni di lavoro e chiedeva di spostarla.",
                True,
                "Turn 0: 'domani' from Wednesday March 25 is March 26.",
            ),
            (
                "custom_actions",
                "Non essendoci posto sabato mattina, l'agente ha spostato la prenotazione VI-2093, una pulizia profonda di settantacinque minuti con Serena, da giovedì 26 marzo alle 10 a venerdì 3 aprile alle 17:30, senza penale perché il preavviso supera le 24 ore.",
                True,
                "'Venerdì della prossima settimana' from Wednesday March 25 is April 3; turns 1-5.",
            ),
            (
                "custom_actions",
                "Subito dopo, alle 18:45, è stata aggiunta una manicure semipermanente con Alessia da 28 euro, per un totale di 93 euro insieme ai 65 della pulizia.",
                True,
                "Turn 7.",
            ),
            (
                "custom_actions",
                "Il pacchetto da cinque pulizie a 280 euro, con un risparmio di 45 euro, è stato proposto, ma la cliente ha preferito aspettare.",
                True,
                "Turns 9-10.",
            ),
            (
                "next_steps",
                "Il giorno prima, giovedì 2 aprile, la consulente invierà un promemoria su WhatsApp.",
                True,
                "Turn 11; the day before Friday April 3.",
            ),
            (
                "next_steps",
                "Nei due giorni precedenti la pulizia Ludovica deve evitare il sole e gli scrub.",
                True,
                "Turn 11.",
            ),
            (
                "next_steps",
                "Venerdì 3 aprile si presenta alle 17:30 per la pulizia e alle 18:45 per la manicure.",
                True,
                "Turns 5 and 7.",
            ),
            ("contact_reason", "Contact reason: Appointment", True, "Moving an appointment."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "next_steps": [True, True],
            "contact_reason": [True],
        },
        {
            "situation": [
                [
                    ("Spostare la pulizia del viso di domani alle 10", True),
                    ("Domani deve lavorare", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Sabato mattina tutto pieno", True),
                    ("Spostata a venerdì della prossima settimana alle 17:30 con Serena", True),
                    ("Nessuna penale, preavviso oltre 24 ore", True),
                    ("Manicure semipermanente alle 18:45 con Alessia, 28 euro", True),
                    ("Pacchetto da cinque pulizie a 280 euro rifiutato", True),
                ],
                [
                    ("Appuntamento originale domani alle 10", True),
                    ("Nuovo appuntamento venerdì 3 aprile", True),
                ],
                [("Prenotazione VI-2093", True)],
                [
                    ("Appuntamento spostato a venerdì alle 17:30", True),
                    ("Manicure aggiunta; totale 93 euro", True),
                ],
            ],
            "next_steps": [
                [
                    ("Promemoria su WhatsApp il giorno prima", True),
                    ("Niente sole né scrub nei due giorni prima", True),
                ],
                [],
            ],
        },
        language="it",
    )
)

# 13. Portuguese phone repair: ready "amanhã" was pushed to Friday from 11h when the screen was
# out of stock, the summary keeps tomorrow (superseded); the entities give the X7 Pro for the
# plain X7 (entity substitution); the screen protector turned down, "seis meses".
ROWS.append(
    conversation(
        "new12-013",
        "voice",
        "tech",
        "2026-01-20T14:50:00Z",
        "Tiago",
        [
            ("agent", "TeleFix Porto, boa tarde, fala o Tiago."),
            (
                "customer",
                "Boa tarde. Deixei cair o telemóvel e o ecrã partiu-se todo; o toque ainda funciona, mas só na metade de baixo. É um Novaphone X7, não o Pro, o normal.",
            ),
            (
                "agent",
                "Percebo. Para o X7 temos duas opções: ecrã original por 149 euros ou compatível por 89 euros. O original mantém a garantia do fabricante.",
            ),
            ("customer", "Prefiro o original."),
            ("agent", "Muito bem. Se o deixar cá hoje, fica pronto amanhã ao fim da tarde."),
            ("customer", "Ótimo, passo aí hoje às seis para o deixar."),
            (
                "agent",
                "Espere, deixe-me confirmar o stock… Afinal o ecrã original do X7 esgotou; o fornecedor só entrega na quinta. Fica pronto na sexta-feira a partir das 11h.",
            ),
            ("customer", "Pronto, não há pressa. E os meus dados, perdem-se?"),
            (
                "agent",
                "Não, a troca de ecrã não mexe nos dados, mas aconselho a fazer uma cópia de segurança antes. Também podemos pôr uma película de vidro temperado por 12 euros.",
            ),
            ("customer", "Não, obrigado, vou pôr uma capa."),
            ("agent", "Certo. Em nome de quem fica a reparação?"),
            ("customer", "Vasco Albuquerque."),
            (
                "agent",
                "Obrigado, Sr. Vasco. Fica com a ordem de reparação TF-30418. O pagamento é feito quando levantar o equipamento reparado, e a reparação tem garantia de seis meses.",
            ),
            ("customer", "E se afinal não tiver arranjo?"),
            (
                "agent",
                "Nesse caso não cobramos nada pelo diagnóstico. Deixe o código de desbloqueio num papel, se puder, para testarmos o toque.",
            ),
            ("customer", "Está bem. Obrigado, Tiago. Até logo."),
        ],
        {
            "product_issue": "Telemóvel Novaphone X7 (versão normal, não Pro). Caiu e o ecrã ficou estilhaçado, com o toque a responder apenas na metade inferior.",
            "custom_actions": "O agente apresentou as duas opções de ecrã, o original a 149 euros e o compatível a 89 euros, e o cliente escolheu o original, que preserva a garantia do fabricante. O telemóvel fica pronto amanhã, 21 de janeiro, ao fim da tarde. A película de vidro temperado por 12 euros foi recusada. A ordem de reparação é a TF-30418; paga-se ao levantar, com seis meses de garantia, e o diagnóstico não é cobrado se não houver arranjo.",
            "refund_given": "No",
            "entities": "cliente: Vasco Albuquerque\nmodelo: Novaphone X7 Pro\nordem_de_reparação: TF-30418\necrã_original: 149 euros",
        },
        [
            (
                "product_issue",
                "Telemóvel Novaphone X7 (versão normal, não Pro).",
                True,
                "Turn 1.",
            ),
            (
                "product_issue",
                "Caiu e o ecrã ficou estilhaçado, com o toque a responder apenas na metade inferior.",
                True,
                "Turn 1: 'o ecrã partiu-se todo', 'só na metade de baixo'.",
            ),
            (
                "custom_actions",
                "O agente apresentou as duas opções de ecrã, o original a 149 euros e o compatível a 89 euros, e o cliente escolheu o original, que preserva a garantia do fabricante.",
                True,
                "Turns 2-3.",
            ),
            (
                "custom_actions",
                "O telemóvel fica pronto amanhã, 21 de janeiro, ao fim da tarde.",
                False,
                "Revised in turn 6: the screen arrives on Thursday, so the phone is ready on Friday from 11h.",
            ),
            (
                "custom_actions",
                "A película de vidro temperado por 12 euros foi recusada.",
                True,
                "Turns 8-9.",
            ),
            (
                "custom_actions",
                "A ordem de reparação é a TF-30418; paga-se ao levantar, com seis meses de garantia, e o diagnóstico não é cobrado se não houver arranjo.",
                True,
                "Turns 12 and 14.",
            ),
            ("refund_given", "Refund given: No", True, "No money was given back."),
            ("entities", "cliente: Vasco Albuquerque", True, "Turn 11."),
            (
                "entities",
                "modelo: Novaphone X7 Pro",
                False,
                "Turn 1: 'É um Novaphone X7, não o Pro, o normal.'",
            ),
            ("entities", "ordem_de_reparação: TF-30418", True, "Turn 12."),
            ("entities", "ecrã_original: 149 euros", True, "Turn 2."),
        ],
        {
            "product_issue": [True, True],
            "custom_actions": [True, True, True, True],
            "refund_given": [True],
        },
        {
            "product_issue": [
                [("Novaphone X7, não o Pro", True)],
                [
                    ("Caiu e o ecrã partiu-se", True),
                    ("Toque só funciona na metade de baixo", True),
                ],
            ],
            "custom_actions": [
                [
                    ("Ecrã original 149 euros ou compatível 89 euros; escolheu o original", True),
                    ("Película de 12 euros recusada", True),
                    ("Dados não se perdem; fazer cópia de segurança antes", False),
                    ("Pagamento ao levantar, garantia de seis meses", True),
                    ("Diagnóstico grátis se não tiver arranjo", True),
                    ("Deixar o código de desbloqueio num papel", False),
                ],
                [
                    ("Pronto na sexta-feira a partir das 11h; o ecrã chega na quinta", False),
                    ("Cliente deixa o telemóvel hoje às seis", False),
                ],
                [("Ordem de reparação TF-30418", True)],
                [("Prazo alterado de amanhã para sexta-feira, por falta de stock", False)],
            ],
            "entities": [
                [
                    ("Vasco Albuquerque", True),
                    ("Novaphone X7", False),
                    ("Ordem de reparação TF-30418", True),
                    ("Ecrã original a 149 euros", True),
                ]
            ],
        },
        language="pt",
    )
)

# 14. Dutch bowling party: "zaterdag over een week" (the twelfth) given as December 5 (wrong
# relative date); the reservation number left out (adherence); resolution P when everything was
# settled (wrong categorical); joining the game turned down, "€14,50", "vanavond" resolved right.
ROWS.append(
    conversation(
        "new12-014",
        "chat",
        "scheduling",
        "2026-12-03T19:20:00Z",
        "Femke",
        [
            (
                "customer",
                "Hallo, ik wil graag een kinderfeestje boeken voor mijn zoon Jesse, hij wordt negen. Kan dat zaterdag over een week?",
            ),
            (
                "agent",
                "Hoi! Je spreekt met Femke van Bowlingcentrum De Strike. Zaterdag de twaalfde, ja, daar is nog plek. Met hoeveel kinderen komen jullie?",
            ),
            ("customer", "Met tien kinderen, plus twee ouders als begeleiding."),
            (
                "agent",
                "Dan raad ik twee banen met bumpers aan, vijf kinderen per baan. Het kinderfeestarrangement is €14,50 per kind: een uur bowlen, schoentjes, patat met een snack en ranja.",
            ),
            ("customer", "Klinkt goed. Hoe laat kan het?"),
            ("agent", "Om 14:00 of om 16:30."),
            (
                "customer",
                "Doe maar 14:00. Een van de kinderen heeft coeliakie, kunnen jullie glutenvrij?",
            ),
            (
                "agent",
                "Ja, we hebben glutenvrije patat uit een aparte frituurpan en glutenvrije kipnuggets. Ik zet het in de notities.",
            ),
            ("customer", "Fijn. Betalen de begeleiders ook?"),
            (
                "agent",
                "Twee begeleiders zijn gratis. Als ze willen meebowlen, is dat €6 per persoon.",
            ),
            ("customer", "Nee, wij kijken lekker toe met een kop koffie."),
            (
                "agent",
                "Prima. Dat wordt dan €145 voor de tien kinderen, te betalen bij aankomst. Je reserveringsnummer is DS-81126. Jesse krijgt als jarige een gratis T-shirt.",
            ),
            ("customer", "Wat leuk! Moeten we eerder komen?"),
            (
                "agent",
                "Kom een kwartiertje eerder, dan kunnen de kinderen hun schoenen passen. Ik stuur je vanavond een bevestiging per mail met een uitnodiging die je kunt printen.",
            ),
            ("customer", "Super, bedankt Femke!"),
        ],
        {
            "situation": "De klant wilde een bowlingfeestje boeken voor zoon Jesse, die negen wordt, met tien kinderen en twee ouders als begeleiding.",
            "custom_actions": "De medewerker reserveerde voor zaterdag 5 december om 14:00 twee banen met bumpers, vijf kinderen per baan. Het arrangement kost €14,50 per kind en omvat een uur bowlen, bowlingschoenen, patat met een snack en ranja. Voor het kind met coeliakie zijn glutenvrije patat uit een aparte frituurpan en glutenvrije kipnuggets genoteerd. De twee begeleiders zijn gratis; meebowlen voor €6 per persoon werd afgeslagen, zij kijken liever toe. Het totaal van €145 wordt bij aankomst betaald, en Jesse krijgt als jarige een gratis T-shirt.",
            "follow_up": "De vertegenwoordiger stuurt vanavond, 3 december, een bevestiging per mail met een printbare uitnodiging.",
            "resolution": "P",
        },
        [
            (
                "situation",
                "De klant wilde een bowlingfeestje boeken voor zoon Jesse, die negen wordt, met tien kinderen en twee ouders als begeleiding.",
                True,
                "Turns 0 and 2.",
            ),
            (
                "custom_actions",
                "De medewerker reserveerde voor zaterdag 5 december om 14:00 twee banen met bumpers, vijf kinderen per baan.",
                False,
                "'Zaterdag over een week' from Thursday December 3 is December 12, confirmed as 'de twaalfde' (turn 1).",
            ),
            (
                "custom_actions",
                "Het arrangement kost €14,50 per kind en omvat een uur bowlen, bowlingschoenen, patat met een snack en ranja.",
                True,
                "Turn 3: 'schoentjes'.",
            ),
            (
                "custom_actions",
                "Voor het kind met coeliakie zijn glutenvrije patat uit een aparte frituurpan en glutenvrije kipnuggets genoteerd.",
                True,
                "Turns 6-7.",
            ),
            (
                "custom_actions",
                "De twee begeleiders zijn gratis; meebowlen voor €6 per persoon werd afgeslagen, zij kijken liever toe.",
                True,
                "Turns 9-10.",
            ),
            (
                "custom_actions",
                "Het totaal van €145 wordt bij aankomst betaald, en Jesse krijgt als jarige een gratis T-shirt.",
                True,
                "Turn 11.",
            ),
            (
                "follow_up",
                "De vertegenwoordiger stuurt vanavond, 3 december, een bevestiging per mail met een printbare uitnodiging.",
                True,
                "Turn 13; the chat is on December 3.",
            ),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                False,
                "The party is booked and every question answered: Y.",
            ),
        ],
        {"custom_actions": [True, True, False, True], "follow_up": [True, True]},
        {
            "situation": [
                [
                    ("Kinderfeestje voor zoon Jesse, die negen wordt", True),
                    ("Zaterdag over een week", False),
                    ("Tien kinderen en twee ouders", True),
                ]
            ],
            "custom_actions": [
                [
                    ("Twee banen met bumpers, vijf kinderen per baan, om 14:00", True),
                    ("€14,50 per kind: uur bowlen, schoentjes, patat met snack, ranja", True),
                    ("Glutenvrije patat en kipnuggets in de notities", True),
                    ("Twee begeleiders gratis; meebowlen voor €6 afgeslagen", True),
                    ("€145 bij aankomst; gratis T-shirt voor Jesse", True),
                    ("Een kwartier eerder komen om schoenen te passen", False),
                ],
                [("Zaterdag de twaalfde (12 december)", False)],
                [("Reserveringsnummer DS-81126", False)],
                [],
            ],
            "follow_up": [[("Bevestiging met uitnodiging per mail vanavond", True)], []],
        },
        language="nl",
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
