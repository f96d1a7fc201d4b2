"""The seventh new labelled set of issue 12, written by a helper who never saw the local judge's
rules or code (nothing under evaluations/judges/ or tests/judges/, not bench/local_judge.py, not
the README's sections on the judge's rules), labelled by the rules of ../shared/data/cc/README.md,
and committed before any judge ran on it.

    .venv/bin/python bench/new_set_7.py      # writes bench/data/cc_new7.jsonl

Domains no earlier set used: a driving school, a home alarm company, a football club season
ticket, a hearing-aid clinic, a furniture rental, a photo-book printing service, a
language-learning app, a Spanish wedding venue, a French bicycle-sharing scheme, a German
firewood delivery, an Italian wine club, a Portuguese pest-control service and a Dutch garden
maintenance company. Seven conversations are in English; the others are in Spanish, French,
German, Italian, Portuguese and Dutch (one each), with the summary and the completeness facts in
the conversation's language. Sections mix the predefined ones (situation, action, resolution,
customer satisfaction, entities, reason for cancellation), free-text custom ones (custom actions,
returned product, follow-up) and categorical custom ones (call driver, escalated, refund given).

Error classes planted, in wordings written for this set: a superseded value (an hourly rate
corrected by the agent, a guest count corrected by the customer), negation (a callout fee waived
but summarised as charged; drivers who do not stack wood summarised as stacking it), offered
versus done (a loaner pair declined but summarised as given), an invented action (a free month
refused but summarised as given), a value bound to the wrong noun (the junior ticket price given
as the monthly instalment), entity substitution (hearing-aid model, type of wood), a relative
date resolved wrongly ("tomorrow" one day late), wrong counts (children, trees), wrong
categorical values (escalated, customer satisfaction, resolution), an ignored style rule
(adherence) and omissions (completeness). Four summaries are clean (new7-005, new7-009,
new7-011, new7-012). The summaries also hold hard correct points: paraphrase, correctly
resolved relative dates ("the day after tomorrow", "on Thursday", "yesterday", "pasado mañana",
"übermorgen", "sexta-feira"), "$2,340", "2.000 euros", "8:00 AM" mid-sentence, "a 17-minute
wait" and numbers in words.

13 conversations, 106 accuracy points (15 inaccurate), 33 adherence questions, 86 completeness
facts.

Why one long module: most of it is data, the labelled conversations written out as literals.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Importing set 4 adds the custom sections of cc_dev's kind to the definitions `conversation`
# reads (custom actions, returned product, call driver, follow-up, escalated).
from bench import new_set_4  # noqa: F401
from bench.new_set import conversation, write_rows

OUT = Path(__file__).resolve().parent / "data" / "cc_new7.jsonl"

ROWS: list[dict] = []

# 1. Driving school: the automatic hourly rate corrected by the agent but kept at the old value
# (superseded); "the day after tomorrow" resolved right.
ROWS.append(
    conversation(
        "new7-001",
        "voice",
        "scheduling",
        "2026-03-17T09:10:00Z",
        "Tom",
        [
            ("agent", "Redline Driving School, Tom speaking. How can I help?"),
            (
                "customer",
                "Hi Tom, I'm Aisha Khan, learner number DL-4471. I need to book my next lesson, and I'd like to move to an automatic car from now on.",
            ),
            (
                "agent",
                "No problem. Automatic lessons are £38 an hour... sorry, no, £38 is the manual price. Automatic is £42 an hour.",
            ),
            (
                "customer",
                "That's fine. Could I have a two-hour lesson the day after tomorrow, in the morning?",
            ),
            (
                "agent",
                "Yes. I've booked you with instructor Gemma in the automatic car on Thursday from 8:00 to 10:00 AM. She'll pick you up from your home address.",
            ),
            ("customer", "Great. Do you need my theory test pass certificate?"),
            (
                "agent",
                "We do. Please email a copy to bookings@redline.example before the lesson.",
            ),
            ("customer", "Will do. Thanks, Tom."),
            ("agent", "You're welcome, good luck on Thursday."),
        ],
        {
            "situation": "Aisha Khan (learner DL-4471) called to book her next driving lesson and to switch to an automatic car.",
            "action": "The agent booked a two-hour lesson in the automatic car with instructor Gemma on Thursday, March 19, from 8:00 AM to 10:00 AM, with pickup at the customer's home, at a rate of £38 an hour. He asked her to email a copy of her theory test certificate before the lesson.",
            "resolution": "Y",
            "entities": "customer_name: Aisha Khan\nlearner_number: DL-4471\ninstructor: Gemma",
        },
        [
            (
                "situation",
                "Aisha Khan (learner DL-4471) called to book her next driving lesson.",
                True,
                "Customer: 'I'm Aisha Khan, learner number DL-4471. I need to book my next lesson'.",
            ),
            (
                "situation",
                "She wanted to switch to an automatic car.",
                True,
                "Customer: 'I'd like to move to an automatic car from now on.'",
            ),
            (
                "action",
                "The agent booked a two-hour lesson in the automatic car with instructor Gemma.",
                True,
                "Agent: 'I've booked you with instructor Gemma in the automatic car' for 8:00 to 10:00.",
            ),
            (
                "action",
                "The lesson is on Thursday, March 19.",
                True,
                "'The day after tomorrow'; the call is on Tuesday, March 17, so the lesson is Thursday, March 19.",
            ),
            (
                "action",
                "The lesson runs from 8:00 AM to 10:00 AM, with pickup at the customer's home.",
                True,
                "Agent: 'from 8:00 to 10:00 AM. She'll pick you up from your home address.'",
            ),
            (
                "action",
                "The lesson is charged at £38 an hour.",
                False,
                "The agent corrected himself: £38 is the manual price; automatic is £42 an hour.",
            ),
            (
                "action",
                "He asked her to email a copy of her theory test certificate before the lesson.",
                True,
                "Agent: 'Please email a copy to bookings@redline.example before the lesson.'",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Lesson booked in the automatic car.",
            ),
            ("entities", "customer_name: Aisha Khan", True, "Customer gives her name."),
            ("entities", "learner_number: DL-4471", True, "Customer: 'learner number DL-4471'."),
            ("entities", "instructor: Gemma", True, "Agent: 'instructor Gemma'."),
        ],
        {},
        {
            "situation": [
                [
                    ("Wanted to book her next lesson", True),
                    ("Wanted to move to an automatic car", True),
                ]
            ],
            "action": [
                [
                    (
                        "Two-hour automatic lesson with Gemma the day after tomorrow, 8:00-10:00 AM, home pickup",
                        True,
                    ),
                    ("Automatic lessons cost £42 an hour (corrected from £38)", False),
                    ("Asked her to email her theory test certificate before the lesson", True),
                ]
            ],
            "entities": [
                [
                    ("Customer name Aisha Khan", True),
                    ("Learner number DL-4471", True),
                    ("Instructor Gemma", True),
                    ("Automatic rate £42 an hour", False),
                ]
            ],
        },
    )
)

# 2. Home alarm: a waived callout fee summarised as charged (negation); "Thursday" resolved
# right in the follow-up; a date left out of the custom actions (omission).
ROWS.append(
    conversation(
        "new7-002",
        "voice",
        "tech",
        "2026-04-07T16:30:00Z",
        "Marcus",
        [
            ("agent", "SafeNest Alarms, Marcus speaking."),
            (
                "customer",
                "Hi, this is Paul Greer, account SN-20817. My alarm keeps going off at night. Three false alarms this week, and it's always the back door sensor.",
            ),
            (
                "agent",
                "I can see those three events on your panel log. The back door contact is reporting a low battery, which can set it off. Have you ever changed its battery?",
            ),
            ("customer", "No, never."),
            (
                "agent",
                "Then I'll send an engineer to replace the sensor. Your job number is JB-66310, and the earliest slot is Friday, April 10, between 1 and 5 PM. Normally there's a £75 callout fee, but the sensor is under warranty, so I've waived it.",
            ),
            ("customer", "Thanks. Can I stop it going off in the meantime?"),
            (
                "agent",
                "I've bypassed the back door zone remotely until the engineer's visit, so the rest of the system stays armed. I'll also call you on Thursday to confirm the engineer's arrival time.",
            ),
            ("customer", "Perfect, thanks Marcus."),
        ],
        {
            "custom_actions": "The agent checked the panel log and confirmed three false alarms from the back door sensor, which was reporting a low battery. He booked an engineer visit to replace the sensor under job JB-66310 for Friday, April 10, between 1 PM and 5 PM, and charged the £75 callout fee. The back door zone was bypassed remotely until the visit so the rest of the system stays armed.",
            "follow_up": "The representative will call the customer on Thursday, April 9, to confirm the engineer's arrival time.",
            "call_driver": "Technical support",
        },
        [
            (
                "custom_actions",
                "The agent checked the panel log and confirmed three false alarms from the back door sensor, which was reporting a low battery.",
                True,
                "Agent: 'I can see those three events on your panel log. The back door contact is reporting a low battery'.",
            ),
            (
                "custom_actions",
                "He booked an engineer visit to replace the sensor under job JB-66310 for Friday, April 10, between 1 PM and 5 PM.",
                True,
                "Agent: 'job number is JB-66310 ... Friday, April 10, between 1 and 5 PM'.",
            ),
            (
                "custom_actions",
                "The agent charged the £75 callout fee.",
                False,
                "The fee was waived: 'the sensor is under warranty, so I've waived it.'",
            ),
            (
                "custom_actions",
                "The back door zone was bypassed remotely until the visit so the rest of the system stays armed.",
                True,
                "Agent: 'I've bypassed the back door zone remotely ... so the rest of the system stays armed.'",
            ),
            (
                "follow_up",
                "The representative will call the customer on Thursday, April 9, to confirm the engineer's arrival time.",
                True,
                "'I'll also call you on Thursday'; the call is on Tuesday, April 7, so Thursday is April 9.",
            ),
            (
                "call_driver",
                "Call driver: Technical support",
                True,
                "False alarms from a faulty sensor.",
            ),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, True],
            "call_driver": [True],
        },
        {
            "custom_actions": [
                [
                    (
                        "Confirmed three false alarms from the back door sensor's low battery in the panel log",
                        True,
                    ),
                    ("Booked an engineer to replace the sensor", True),
                    ("Bypassed the back door zone remotely until the visit", True),
                ],
                [
                    ("Engineer visit Friday, April 10, 1-5 PM", True),
                    ("Call on Thursday to confirm the arrival time", False),
                ],
                [("Job number JB-66310", True)],
                [("£75 callout fee waived (sensor under warranty)", False)],
            ],
            "follow_up": [
                [("Agent will call on Thursday to confirm the engineer's arrival time", True)],
                [],
            ],
        },
    )
)

# 3. Football season ticket: a wrong count of children; the junior ticket price given as the
# monthly instalment (a value bound to the wrong noun).
ROWS.append(
    conversation(
        "new7-003",
        "chat",
        "billing",
        "2026-06-10T11:00:00Z",
        "Leah",
        [
            (
                "customer",
                "Hi, I'm renewing my season ticket, membership 88213, and I'd like to add my two kids this year.",
            ),
            (
                "agent",
                "Hi, Leah here from Eastbrook FC ticketing. Your adult renewal in the South Stand, block 114, is £495. Junior season tickets are £120 each.",
            ),
            ("customer", "Can the kids sit next to me?"),
            (
                "agent",
                "Seats 21 and 22 in your row are free, so I've held them next to your seat 20 for 48 hours.",
            ),
            ("customer", "Great. Can I pay in instalments?"),
            (
                "agent",
                "Yes, the total of £735 can be split into 10 monthly payments of £73.50 by direct debit, starting July 1.",
            ),
            ("customer", "Let's do that."),
            (
                "agent",
                "Done. The direct debit is set up and the three tickets are confirmed; you'll get a confirmation email within the hour.",
            ),
            ("customer", "Brilliant, thanks Leah."),
        ],
        {
            "situation": "The customer (membership 88213) was renewing their South Stand season ticket and wanted to add tickets for their three children.",
            "action": "The agent quoted £495 for the adult renewal in block 114 and £120 for each junior ticket, and held seats 21 and 22 beside the customer's seat 20 for 48 hours. She then set up a direct debit splitting the £735 total into ten monthly payments of £73.50 from July 1, and a confirmation email will follow within the hour.",
            "resolution": "Y",
            "customer_satisfaction": "N",
            "entities": "membership_number: 88213\nseats: 20, 21 and 22 (South Stand, block 114)\nmonthly_payment: £120",
        },
        [
            (
                "situation",
                "The customer (membership 88213) was renewing their South Stand season ticket.",
                True,
                "Customer: 'I'm renewing my season ticket, membership 88213'; the seat is in the South Stand.",
            ),
            (
                "situation",
                "They wanted to add tickets for their three children.",
                False,
                "The customer wants to add 'my two kids'.",
            ),
            (
                "action",
                "The agent quoted £495 for the adult renewal in block 114.",
                True,
                "Agent: 'Your adult renewal in the South Stand, block 114, is £495.'",
            ),
            (
                "action",
                "Each junior ticket costs £120.",
                True,
                "Agent: 'Junior season tickets are £120 each.'",
            ),
            (
                "action",
                "The agent held seats 21 and 22 beside the customer's seat 20 for 48 hours.",
                True,
                "Agent: 'I've held them next to your seat 20 for 48 hours.'",
            ),
            (
                "action",
                "She set up a direct debit splitting the £735 total into ten monthly payments of £73.50.",
                True,
                "Agent: '£735 can be split into 10 monthly payments of £73.50 by direct debit'; 'The direct debit is set up'.",
            ),
            ("action", "The payments start on July 1.", True, "Agent: 'starting July 1'."),
            (
                "action",
                "A confirmation email will follow within the hour.",
                True,
                "Agent: 'you'll get a confirmation email within the hour.'",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Renewal, junior tickets, seats and instalments all arranged.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Brilliant, thanks Leah.'",
            ),
            ("entities", "membership_number: 88213", True, "Given by the customer."),
            (
                "entities",
                "seats: 20, 21 and 22 (South Stand, block 114)",
                True,
                "Seat 20 plus the held seats 21 and 22, South Stand block 114.",
            ),
            (
                "entities",
                "monthly_payment: £120",
                False,
                "£120 is the junior ticket price; the monthly payment is £73.50.",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Renewing season ticket, membership 88213", True),
                    ("Wanted to add their two children", False),
                ]
            ],
            "action": [
                [
                    ("Quoted £495 for the adult renewal and £120 per junior ticket", True),
                    ("Held seats 21 and 22 next to seat 20 for 48 hours", True),
                    (
                        "Set up a direct debit: £735 in 10 monthly payments of £73.50 from July 1",
                        True,
                    ),
                    ("Confirmation email within the hour", True),
                ]
            ],
            "entities": [
                [
                    ("Membership number 88213", True),
                    ("Seats 20, 21, 22 in block 114, South Stand", True),
                    ("Adult renewal £495", False),
                    ("Monthly payment £73.50", False),
                ]
            ],
        },
    )
)

# 4. Hearing-aid clinic: the model substituted (Pro 9 for Pro 7); a loaner pair declined but
# summarised as given (offered versus done); a referral to the team lead summarised as not
# escalated (wrong categorical value).
ROWS.append(
    conversation(
        "new7-004",
        "voice",
        "returns",
        "2026-05-05T13:00:00Z",
        "Nadia",
        [
            ("agent", "ClearTone Hearing, Nadia speaking. How can I help?"),
            (
                "customer",
                "Hello, it's Margaret Doyle. I bought the Audira Pro 7 hearing aids on April 20, order CT-30581, and the right one whistles constantly. I'd like to send them back.",
            ),
            (
                "agent",
                "I'm sorry to hear that. You're within your 30-day trial, so you can return them for a full refund of $2,340. Or we could try the Audira Pro 9 instead.",
            ),
            ("customer", "No, I'd rather just return them."),
            (
                "agent",
                "Understood. I've logged the return and I'm emailing you a prepaid shipping label now. While you wait, I can lend you a loaner pair.",
            ),
            ("customer", "No thank you, I still have my old ones."),
            (
                "agent",
                "Fine. Once we receive the aids, the refund goes back to your card in 5 to 7 business days. I'm also passing your complaint about the whistling to our audiology team lead, who will call you.",
            ),
            ("customer", "Thank you, dear."),
        ],
        {
            "returned_product": "Audira Pro 9 hearing aids, returned because the right aid whistles all the time.",
            "custom_actions": "The agent confirmed that order CT-30581, bought on April 20, was within the 30-day trial, logged the return for a full $2,340 refund and emailed a prepaid shipping label. She gave the customer a loaner pair to use until the refund arrives. The refund will reach the customer's card 5 to 7 business days after the aids are received.",
            "call_driver": "Returns",
            "escalated": "No",
        },
        [
            (
                "returned_product",
                "The returned product is the Audira Pro 9 hearing aids.",
                False,
                "The customer bought and returns the Audira Pro 7; the Pro 9 was only suggested as an alternative.",
            ),
            (
                "returned_product",
                "They are returned because the right aid whistles all the time.",
                True,
                "Customer: 'the right one whistles constantly'.",
            ),
            (
                "custom_actions",
                "The agent confirmed that order CT-30581, bought on April 20, was within the 30-day trial.",
                True,
                "Customer gives order CT-30581 and April 20; agent: 'You're within your 30-day trial'.",
            ),
            (
                "custom_actions",
                "The agent logged the return for a full $2,340 refund and emailed a prepaid shipping label.",
                True,
                "Agent: 'full refund of $2,340'; 'I've logged the return and I'm emailing you a prepaid shipping label'.",
            ),
            (
                "custom_actions",
                "She gave the customer a loaner pair to use until the refund arrives.",
                False,
                "The loaner pair was offered and declined: 'No thank you, I still have my old ones.'",
            ),
            (
                "custom_actions",
                "The refund will reach the customer's card 5 to 7 business days after the aids are received.",
                True,
                "Agent: 'Once we receive the aids, the refund goes back to your card in 5 to 7 business days.'",
            ),
            (
                "call_driver",
                "Call driver: Returns",
                True,
                "The customer called to send the hearing aids back.",
            ),
            (
                "escalated",
                "Escalated: No",
                False,
                "The complaint was passed to the audiology team lead, who will call back (Yes).",
            ),
        ],
        {
            "returned_product": [True, True],
            "custom_actions": [True, True, True, True],
            "call_driver": [True],
            "escalated": [True],
        },
        {
            "returned_product": [
                [("Audira Pro 7 hearing aids", False)],
                [("The right aid whistles constantly", True)],
            ],
            "custom_actions": [
                [
                    (
                        "Logged the return for a full $2,340 refund within the 30-day trial and emailed a prepaid label",
                        True,
                    ),
                    ("Offered a loaner pair, which the customer declined", False),
                    (
                        "Passed the whistling complaint to the audiology team lead, who will call",
                        False,
                    ),
                ],
                [("Aids bought on April 20", True)],
                [("Order number CT-30581", True)],
                [],
            ],
        },
    )
)

# 5. Furniture rental cancellation: clean.
ROWS.append(
    conversation(
        "new7-005",
        "chat",
        "retention",
        "2026-09-08T15:20:00Z",
        "Sam",
        [
            ("customer", "Hi, I want to end my furniture rental. Account FR-1093."),
            (
                "agent",
                "Hi, Sam from Roomly here. I see a sofa, a desk and two chairs on a 12-month plan at $89 a month. May I ask why you'd like to end it?",
            ),
            (
                "customer",
                "I'm moving abroad, to Lisbon, at the end of the month, so I can't keep them.",
            ),
            (
                "agent",
                "Understood. You're past the six-month minimum, so there's no early-termination fee. I've scheduled the collection for Monday, September 28, between 8:00 AM and noon.",
            ),
            ("customer", "Great. What about my deposit?"),
            (
                "agent",
                "Your $150 deposit will be refunded within 10 days of the collection, once the items have been checked.",
            ),
            ("customer", "Perfect, thank you Sam!"),
            ("agent", "Good luck with the move!"),
        ],
        {
            "situation": "The customer wanted to end the rental of a sofa, a desk and two chairs on account FR-1093, which were on a 12-month plan at $89 a month.",
            "reason_for_cancellation": "The customer is moving abroad to Lisbon at the end of the month.",
            "action": "Because the six-month minimum term had passed, the agent confirmed that no early-termination fee applies and booked the collection for Monday, September 28, between 8:00 AM and noon. The $150 deposit will be returned within ten days of the collection, after the items are inspected.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer wanted to end the rental of a sofa, a desk and two chairs on account FR-1093.",
                True,
                "Customer: 'I want to end my furniture rental. Account FR-1093'; agent lists a sofa, a desk and two chairs.",
            ),
            (
                "situation",
                "The items were on a 12-month plan at $89 a month.",
                True,
                "Agent: 'on a 12-month plan at $89 a month'.",
            ),
            (
                "reason_for_cancellation",
                "The customer is moving abroad to Lisbon at the end of the month.",
                True,
                "Customer: 'I'm moving abroad, to Lisbon, at the end of the month'.",
            ),
            (
                "action",
                "Because the six-month minimum term had passed, no early-termination fee applies.",
                True,
                "Agent: 'You're past the six-month minimum, so there's no early-termination fee.'",
            ),
            (
                "action",
                "The agent booked the collection for Monday, September 28, between 8:00 AM and noon.",
                True,
                "Agent: 'I've scheduled the collection for Monday, September 28, between 8:00 AM and noon.'",
            ),
            (
                "action",
                "The $150 deposit will be returned within ten days of the collection, after the items are inspected.",
                True,
                "Agent: '$150 deposit will be refunded within 10 days of the collection, once the items have been checked.'",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Rental ended, collection booked, deposit explained.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Perfect, thank you Sam!'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Wanted to end the furniture rental, account FR-1093", True),
                    ("Sofa, desk and two chairs on a 12-month plan at $89 a month", True),
                ]
            ],
            "reason_for_cancellation": [
                [("Moving abroad to Lisbon at the end of the month", True)]
            ],
            "action": [
                [
                    ("No early-termination fee, past the six-month minimum", True),
                    ("Collection Monday, September 28, 8:00 AM to noon", True),
                    ("$150 deposit refunded within 10 days of collection after a check", True),
                ]
            ],
        },
    )
)

# 6. Photo book reprint: "tomorrow" resolved one day late; the follow-up says 'agent' although
# the instruction asks for 'representative' (adherence).
ROWS.append(
    conversation(
        "new7-006",
        "chat",
        "returns",
        "2026-10-06T19:05:00Z",
        "Ivy",
        [
            (
                "customer",
                "Hi, my photo book, order PX-77120, arrived with pages 14 and 15 printed far too dark.",
            ),
            (
                "agent",
                "Hi, I'm Ivy from Pixelbound. I'm so sorry! Could you send me a photo of those pages?",
            ),
            ("customer", "Sent."),
            (
                "agent",
                "Thanks, I can see the problem. I'll reprint the whole book free of charge. It will ship tomorrow by express, and you don't need to send the old one back.",
            ),
            (
                "customer",
                "Great. Could you also change the cover title to 'Crete 2026'? The original had a typo.",
            ),
            (
                "agent",
                "Done, the reprint will have 'Crete 2026' on the cover. I'll email you the tracking number as soon as it ships.",
            ),
            ("customer", "Thank you so much!"),
        ],
        {
            "custom_actions": "The agent reviewed the customer's photo of the darkened pages 14 and 15 in photo book order PX-77120 and arranged a free reprint of the whole book, shipping by express on Thursday, October 8. The customer does not have to return the original. The agent also corrected the cover title to 'Crete 2026' on the reprint.",
            "follow_up": "The agent will email the tracking number once the reprint ships tomorrow.",
            "escalated": "No",
        },
        [
            (
                "custom_actions",
                "The agent reviewed the customer's photo of the darkened pages 14 and 15 in photo book order PX-77120.",
                True,
                "Customer reports pages 14 and 15 too dark in order PX-77120 and sends a photo; agent: 'I can see the problem.'",
            ),
            (
                "custom_actions",
                "The agent arranged a free reprint of the whole book.",
                True,
                "Agent: 'I'll reprint the whole book free of charge.'",
            ),
            (
                "custom_actions",
                "The reprint ships by express on Thursday, October 8.",
                False,
                "It ships 'tomorrow'; the chat is on Tuesday, October 6, so that is Wednesday, October 7.",
            ),
            (
                "custom_actions",
                "The customer does not have to return the original.",
                True,
                "Agent: 'you don't need to send the old one back.'",
            ),
            (
                "custom_actions",
                "The agent corrected the cover title to 'Crete 2026' on the reprint.",
                True,
                "Agent: 'the reprint will have 'Crete 2026' on the cover.'",
            ),
            (
                "follow_up",
                "The tracking number will be emailed once the reprint ships tomorrow.",
                True,
                "Agent: 'I'll email you the tracking number as soon as it ships'; it ships tomorrow.",
            ),
            ("escalated", "Escalated: No", True, "Ivy handled the reprint herself."),
        ],
        {
            "custom_actions": [True, True, True, True],
            "follow_up": [True, False],
            "escalated": [True],
        },
        {
            "custom_actions": [
                [
                    ("Checked the photo of the dark pages 14 and 15", True),
                    ("Free reprint of the whole book, no need to return the old one", True),
                ],
                [("Reprint ships tomorrow by express", False)],
                [("Order number PX-77120", True)],
                [("Cover title changed to 'Crete 2026'", True)],
            ],
            "follow_up": [
                [("Tracking number emailed as soon as the reprint ships", True)],
                [],
            ],
        },
    )
)

# 7. Language-learning app: a refused free month summarised as given (invented action); the
# 17-minute wait and the streak kept.
ROWS.append(
    conversation(
        "new7-007",
        "chat",
        "billing",
        "2026-11-03T08:40:00Z",
        "Ravi",
        [
            (
                "customer",
                "Hello, I was charged 59.99 for a yearly LinguaLeap Plus plan, but I only wanted the monthly one at 7.99.",
            ),
            (
                "agent",
                "Hi, Ravi from LinguaLeap, sorry for the 17-minute wait. I see the annual charge from November 1. As it's within 14 days, I can switch you to monthly and refund the annual payment.",
            ),
            ("customer", "Yes please."),
            (
                "agent",
                "Done: the 59.99 refund is on its way to your PayPal account and should arrive in 3 to 5 days. Your monthly plan started today and renews on December 3.",
            ),
            ("customer", "Will I lose my 212-day streak?"),
            ("agent", "No, your streak and all your progress stay as they are."),
            ("customer", "Oh, and could I get the first month free, as an apology?"),
            (
                "agent",
                "I'm afraid I can't offer a free month, but the switch and the refund are done.",
            ),
            ("customer", "Ok, thanks anyway."),
        ],
        {
            "situation": "The customer was charged 59.99 for an annual LinguaLeap Plus plan on November 1 but had meant to take the monthly plan at 7.99.",
            "action": "After apologising for the 17-minute wait, the agent switched the customer to the monthly plan and refunded the 59.99 to PayPal, to arrive in three to five days. The agent also gave the first month free. The monthly plan renews on December 3, and the 212-day streak is kept.",
            "customer_satisfaction": "N",
            "refund_given": "Yes",
        },
        [
            (
                "situation",
                "The customer was charged 59.99 for an annual LinguaLeap Plus plan on November 1.",
                True,
                "Customer: 'charged 59.99 for a yearly LinguaLeap Plus plan'; agent: 'the annual charge from November 1'.",
            ),
            (
                "situation",
                "The customer had meant to take the monthly plan at 7.99.",
                True,
                "Customer: 'I only wanted the monthly one at 7.99.'",
            ),
            (
                "action",
                "After apologising for the 17-minute wait, the agent switched the customer to the monthly plan.",
                True,
                "Agent: 'sorry for the 17-minute wait'; 'Your monthly plan started today'.",
            ),
            (
                "action",
                "The agent refunded the 59.99 to PayPal, to arrive in three to five days.",
                True,
                "Agent: 'the 59.99 refund is on its way to your PayPal account and should arrive in 3 to 5 days.'",
            ),
            (
                "action",
                "The agent gave the first month free.",
                False,
                "The agent refused: 'I'm afraid I can't offer a free month'.",
            ),
            (
                "action",
                "The monthly plan renews on December 3.",
                True,
                "Agent: 'renews on December 3'.",
            ),
            (
                "action",
                "The 212-day streak is kept.",
                True,
                "Agent: 'your streak and all your progress stay as they are.'",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Ok, thanks anyway.' is neutral.",
            ),
            ("refund_given", "Refund given: Yes", True, "The 59.99 was refunded during the chat."),
        ],
        {"refund_given": [True]},
        {
            "situation": [
                [
                    ("Charged 59.99 for a yearly LinguaLeap Plus plan", True),
                    ("Wanted the monthly plan at 7.99", True),
                ]
            ],
            "action": [
                [
                    ("Switched to the monthly plan, renewing December 3", True),
                    ("Refunded 59.99 to PayPal, 3 to 5 days", True),
                    ("Streak and progress kept", True),
                    ("Refused a free first month", False),
                ]
            ],
        },
    )
)

# 8. Spanish wedding venue: the guest count corrected by the customer but kept at the old value
# (superseded); "pasado mañana" resolved right; a wrong satisfaction value.
ROWS.append(
    conversation(
        "new7-008",
        "voice",
        "scheduling",
        "2026-04-21T10:30:00Z",
        "Lucía",
        [
            ("agent", "Finca Los Olivos, le atiende Lucía. ¿En qué puedo ayudarle?"),
            (
                "customer",
                "Hola, soy Carmen Ruiz. Tenemos la boda reservada para el 12 de septiembre, reserva FO-2214, y quería confirmar el número de invitados: seremos 120.",
            ),
            (
                "agent",
                "Perfecto, entonces 120 invitados con el menú Olivo, a 85 euros por persona.",
            ),
            (
                "customer",
                "Uy, perdone, me he equivocado: son 135, se me olvidaban los niños.",
            ),
            (
                "agent",
                "No pasa nada, lo cambio a 135 invitados. Para los niños el menú infantil cuesta 40 euros.",
            ),
            ("customer", "Vale. ¿Y la prueba de menú cuándo podría ser?"),
            (
                "agent",
                "Se la he reservado para pasado mañana, jueves, a las 19:00, para cuatro personas. La señal de 2.000 euros ya consta como pagada.",
            ),
            ("customer", "Estupendo, muchas gracias, Lucía."),
        ],
        {
            "situation": "Carmen Ruiz llamó para confirmar el número de invitados de su boda del 12 de septiembre (reserva FO-2214) y para concertar la prueba de menú.",
            "action": "La agente actualizó la reserva a 120 invitados con el menú Olivo, a 85 euros por persona, e informó de que el menú infantil cuesta 40 euros. Reservó la prueba de menú para el jueves 23 de abril a las 19:00, para cuatro personas, y confirmó que la señal de 2.000 euros está pagada.",
            "resolution": "Y",
            "customer_satisfaction": "D",
        },
        [
            (
                "situation",
                "Carmen Ruiz llamó para confirmar el número de invitados de su boda del 12 de septiembre (reserva FO-2214).",
                True,
                "Cliente: 'Tenemos la boda reservada para el 12 de septiembre, reserva FO-2214, y quería confirmar el número de invitados'.",
            ),
            (
                "situation",
                "También quería concertar la prueba de menú.",
                True,
                "Cliente: '¿Y la prueba de menú cuándo podría ser?'",
            ),
            (
                "action",
                "La agente actualizó la reserva a 120 invitados.",
                False,
                "The customer corrected 120 to 135 ('son 135') and the agent changed it to 135 guests.",
            ),
            (
                "action",
                "El menú Olivo cuesta 85 euros por persona.",
                True,
                "Agente: 'el menú Olivo, a 85 euros por persona'.",
            ),
            (
                "action",
                "El menú infantil cuesta 40 euros.",
                True,
                "Agente: 'el menú infantil cuesta 40 euros'.",
            ),
            (
                "action",
                "La prueba de menú es el jueves 23 de abril a las 19:00.",
                True,
                "'Pasado mañana, jueves'; the call is on Tuesday, April 21, so that is Thursday, April 23.",
            ),
            (
                "action",
                "La prueba es para cuatro personas.",
                True,
                "Agente: 'para cuatro personas'.",
            ),
            (
                "action",
                "La señal de 2.000 euros está pagada.",
                True,
                "Agente: 'La señal de 2.000 euros ya consta como pagada.'",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Guest count updated and tasting booked.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: D (dissatisfied)",
                False,
                "The customer ends happy: 'Estupendo, muchas gracias, Lucía.' (N)",
            ),
        ],
        {},
        {
            "situation": [
                [
                    (
                        "Quería confirmar el número de invitados de la boda del 12 de septiembre, reserva FO-2214",
                        True,
                    ),
                    ("Preguntó cuándo podía ser la prueba de menú", True),
                ]
            ],
            "action": [
                [
                    ("Número de invitados cambiado a 135 (la clienta corrigió los 120)", False),
                    ("Menú Olivo a 85 euros por persona y menú infantil a 40 euros", True),
                    (
                        "Prueba de menú pasado mañana, jueves, a las 19:00, para cuatro personas",
                        True,
                    ),
                    ("Señal de 2.000 euros ya pagada", True),
                ]
            ],
        },
        language="es",
    )
)

# 9. French bicycle-sharing scheme: clean; "hier" resolved right.
ROWS.append(
    conversation(
        "new7-009",
        "chat",
        "billing",
        "2026-06-02T07:50:00Z",
        "Julien",
        [
            (
                "customer",
                "Bonjour, on m'a facturé 12 € hier pour un trajet en vélo, alors que j'ai un abonnement annuel VéloCité.",
            ),
            (
                "agent",
                "Bonjour, je suis Julien. Je vois un trajet de 95 minutes hier : l'abonnement couvre les 45 premières minutes de chaque trajet, le reste est facturé.",
            ),
            (
                "customer",
                "Mais la station de la gare était pleine, j'ai tourné pendant 40 minutes pour en trouver une autre !",
            ),
            (
                "agent",
                "Effectivement, nos données montrent que la station Gare Centrale était complète à ce moment-là. Je vous rembourse donc les 12 € sur votre carte, sous 5 jours ouvrés.",
            ),
            ("customer", "Merci. Et mon abonnement, il expire quand ?"),
            (
                "agent",
                "Le 30 juin. Il sera renouvelé automatiquement à 39 € sauf si vous le résiliez avant.",
            ),
            ("customer", "Parfait, merci beaucoup."),
        ],
        {
            "situation": "Le client, abonné annuel VéloCité, contestait 12 € facturés le 1er juin pour un trajet : la station de la gare était pleine et il a dû chercher une autre borne pendant 40 minutes.",
            "action": "L'agent a expliqué que l'abonnement ne couvre que les 45 premières minutes d'un trajet, qui avait duré 95 minutes. Il a vérifié que la station Gare Centrale était complète et a remboursé les 12 € sur la carte du client, sous cinq jours ouvrés. Il a aussi indiqué que l'abonnement expire le 30 juin et se renouvelle automatiquement à 39 €.",
            "resolution": "Y",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Le client, abonné annuel VéloCité, contestait 12 € facturés le 1er juin pour un trajet.",
                True,
                "'Facturé 12 € hier'; the chat is on June 2, so yesterday is June 1.",
            ),
            (
                "situation",
                "La station de la gare était pleine et il a dû chercher une autre borne pendant 40 minutes.",
                True,
                "Client : 'la station de la gare était pleine, j'ai tourné pendant 40 minutes'.",
            ),
            (
                "action",
                "L'agent a expliqué que l'abonnement ne couvre que les 45 premières minutes d'un trajet, qui avait duré 95 minutes.",
                True,
                "Agent : 'un trajet de 95 minutes ... l'abonnement couvre les 45 premières minutes'.",
            ),
            (
                "action",
                "Il a vérifié que la station Gare Centrale était complète.",
                True,
                "Agent : 'nos données montrent que la station Gare Centrale était complète'.",
            ),
            (
                "action",
                "Il a remboursé les 12 € sur la carte du client, sous cinq jours ouvrés.",
                True,
                "Agent : 'Je vous rembourse donc les 12 € sur votre carte, sous 5 jours ouvrés.'",
            ),
            (
                "action",
                "L'abonnement expire le 30 juin et se renouvelle automatiquement à 39 €.",
                True,
                "Agent : 'Le 30 juin. Il sera renouvelé automatiquement à 39 €'.",
            ),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "Charge refunded, question answered.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Parfait, merci beaucoup.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("12 € facturés hier pour un trajet malgré l'abonnement annuel", True),
                    ("Station de la gare pleine, 40 minutes pour en trouver une autre", True),
                ]
            ],
            "action": [
                [
                    ("Abonnement limité aux 45 premières minutes, trajet de 95 minutes", True),
                    ("Station Gare Centrale complète, vérifiée dans les données", True),
                    ("12 € remboursés sur la carte sous 5 jours ouvrés", True),
                    ("Abonnement expire le 30 juin, renouvellement automatique à 39 €", True),
                ]
            ],
        },
        language="fr",
    )
)

# 10. German firewood delivery: beech substituted by oak (entity substitution); stacking refused
# but summarised as done (negation); "übermorgen" resolved right.
ROWS.append(
    conversation(
        "new7-010",
        "voice",
        "scheduling",
        "2026-10-13T10:00:00Z",
        "Jonas",
        [
            ("agent", "Holzhof Berger, Sie sprechen mit Jonas."),
            (
                "customer",
                "Guten Tag, Weber hier. Ich habe letzte Woche drei Raummeter Buchenholz bestellt, Bestellnummer HB-5127. Wann kommt die Lieferung?",
            ),
            ("agent", "Ihre Lieferung ist für Freitag geplant. Brauchen Sie sie früher?"),
            ("customer", "Ja, geht es übermorgen? Am Freitag bin ich nicht zu Hause."),
            (
                "agent",
                "Das geht. Ich habe die Lieferung auf Donnerstag, den 15. Oktober, zwischen 7:00 und 12:00 Uhr vorverlegt.",
            ),
            ("customer", "Können die Fahrer das Holz auch gleich im Schuppen stapeln?"),
            (
                "agent",
                "Das Stapeln bieten wir leider nicht an; die Fahrer kippen das Holz in Ihrer Einfahrt ab.",
            ),
            ("customer", "Schade, aber in Ordnung. Danke."),
        ],
        {
            "custom_actions": "Der Agent hat die Bestellung HB-5127 über drei Raummeter Eichenholz aufgerufen und die Lieferung von Freitag auf Donnerstag, den 15. Oktober, zwischen 7:00 und 12:00 Uhr vorverlegt. Die Fahrer stapeln das Holz im Schuppen des Kunden.",
            "escalated": "No",
        },
        [
            (
                "custom_actions",
                "Der Agent hat die Bestellung HB-5127 aufgerufen.",
                True,
                "Customer gives order HB-5127; the agent finds the planned delivery.",
            ),
            (
                "custom_actions",
                "Die Bestellung umfasst drei Raummeter Eichenholz.",
                False,
                "The customer ordered 'drei Raummeter Buchenholz' (beech), not oak.",
            ),
            (
                "custom_actions",
                "Die Lieferung wurde von Freitag auf Donnerstag, den 15. Oktober, zwischen 7:00 und 12:00 Uhr vorverlegt.",
                True,
                "Agent: 'auf Donnerstag, den 15. Oktober, zwischen 7:00 und 12:00 Uhr vorverlegt'; übermorgen from Tuesday, October 13.",
            ),
            (
                "custom_actions",
                "Die Fahrer stapeln das Holz im Schuppen des Kunden.",
                False,
                "Stacking is not offered: 'Das Stapeln bieten wir leider nicht an; die Fahrer kippen das Holz in Ihrer Einfahrt ab.'",
            ),
            ("escalated", "Escalated: No", True, "Jonas handled the change himself."),
        ],
        {"custom_actions": [True, True, True, True], "escalated": [True]},
        {
            "custom_actions": [
                [
                    ("Lieferung auf übermorgen vorverlegt", True),
                    (
                        "Stapeln wird nicht angeboten; das Holz wird in der Einfahrt abgekippt",
                        False,
                    ),
                ],
                [
                    ("Ursprünglich geplante Lieferung am Freitag", True),
                    ("Neue Lieferung Donnerstag, 15. Oktober, 7:00 bis 12:00 Uhr", True),
                ],
                [("Bestellnummer HB-5127", True)],
                [("Liefertermin von Freitag auf Donnerstag geändert", True)],
            ],
        },
        language="de",
    )
)

# 11. Italian wine club cancellation: clean.
ROWS.append(
    conversation(
        "new7-011",
        "chat",
        "retention",
        "2026-03-02T17:30:00Z",
        "Chiara",
        [
            (
                "customer",
                "Buongiorno, vorrei disdire l'abbonamento al Club Vini Colli, codice cliente CV-8830.",
            ),
            ("agent", "Buongiorno, sono Chiara. Mi dispiace! Posso chiederle il motivo?"),
            (
                "customer",
                "Mi hanno trovato un problema al fegato e il medico mi ha detto di smettere di bere vino.",
            ),
            (
                "agent",
                "Capisco, mi dispiace molto. Ho disdetto l'abbonamento con effetto immediato: la cassa di marzo, da sei bottiglie, non le verrà né spedita né addebitata.",
            ),
            ("customer", "Grazie. Ho ancora un buono da 25 euro, lo perdo?"),
            (
                "agent",
                "No, l'ho convertito in un rimborso: i 25 euro le tornano sulla carta entro sette giorni lavorativi.",
            ),
            ("customer", "Molto gentile, grazie Chiara."),
        ],
        {
            "situation": "Il cliente ha chiesto di disdire l'abbonamento al Club Vini Colli (codice cliente CV-8830) e voleva sapere cosa succede al suo buono da 25 euro.",
            "reason_for_cancellation": "Motivi di salute: per un problema al fegato il medico gli ha detto di smettere di bere vino.",
            "action": "L'agente ha disdetto subito l'abbonamento, quindi la cassa di marzo da sei bottiglie non sarà né spedita né addebitata, e ha trasformato il buono da 25 euro in un rimborso sulla carta entro sette giorni lavorativi.",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "Il cliente ha chiesto di disdire l'abbonamento al Club Vini Colli (codice cliente CV-8830).",
                True,
                "Cliente: 'vorrei disdire l'abbonamento al Club Vini Colli, codice cliente CV-8830.'",
            ),
            (
                "situation",
                "Voleva sapere cosa succede al suo buono da 25 euro.",
                True,
                "Cliente: 'Ho ancora un buono da 25 euro, lo perdo?'",
            ),
            (
                "reason_for_cancellation",
                "Motivi di salute: per un problema al fegato il medico gli ha detto di smettere di bere vino.",
                True,
                "Cliente: 'un problema al fegato e il medico mi ha detto di smettere di bere vino.'",
            ),
            (
                "action",
                "L'agente ha disdetto subito l'abbonamento.",
                True,
                "Agente: 'Ho disdetto l'abbonamento con effetto immediato'.",
            ),
            (
                "action",
                "La cassa di marzo da sei bottiglie non sarà né spedita né addebitata.",
                True,
                "Agente: 'la cassa di marzo, da sei bottiglie, non le verrà né spedita né addebitata.'",
            ),
            (
                "action",
                "Il buono da 25 euro è stato trasformato in un rimborso sulla carta entro sette giorni lavorativi.",
                True,
                "Agente: 'l'ho convertito in un rimborso: i 25 euro le tornano sulla carta entro sette giorni lavorativi.'",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Molto gentile, grazie Chiara.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Disdetta dell'abbonamento al Club Vini Colli, codice CV-8830", True),
                    ("Domanda sul buono da 25 euro", True),
                ]
            ],
            "reason_for_cancellation": [
                [("Problema al fegato: il medico gli ha detto di smettere di bere vino", True)]
            ],
            "action": [
                [
                    ("Abbonamento disdetto con effetto immediato", True),
                    ("Cassa di marzo da sei bottiglie né spedita né addebitata", True),
                    ("Buono da 25 euro rimborsato sulla carta entro sette giorni lavorativi", True),
                ]
            ],
        },
        language="it",
    )
)

# 12. Portuguese pest control: clean; "sexta-feira, dia 22" resolved with its month.
ROWS.append(
    conversation(
        "new7-012",
        "voice",
        "scheduling",
        "2026-05-19T14:15:00Z",
        "Inês",
        [
            ("agent", "Boa tarde, Pragas Zero, fala a Inês."),
            (
                "customer",
                "Boa tarde, sou o Rui Santos. Tenho baratas na cozinha e queria marcar um tratamento.",
            ),
            (
                "agent",
                "Claro. Posso marcar para sexta-feira, dia 22, às 9h00. O tratamento custa 85 euros e tem garantia de três meses.",
            ),
            (
                "customer",
                "Sexta de manhã é ótimo. A morada é Rua das Flores, 14, em Braga.",
            ),
            (
                "agent",
                "Fica registado. O número do serviço é PZ-40912. Na véspera, por favor esvazie os armários da cozinha.",
            ),
            ("customer", "Combinado, obrigado."),
            ("agent", "Obrigada eu, bom resto de dia."),
        ],
        {
            "custom_actions": "A agente marcou um tratamento contra baratas na cozinha para sexta-feira, 22 de maio, às 9h00, na Rua das Flores, 14, em Braga, com o número de serviço PZ-40912. Informou que o tratamento custa 85 euros e tem três meses de garantia, e pediu ao cliente que esvazie os armários da cozinha na véspera.",
            "call_driver": "Appointment",
        },
        [
            (
                "custom_actions",
                "A agente marcou um tratamento contra baratas na cozinha para sexta-feira, 22 de maio, às 9h00.",
                True,
                "Agente: 'sexta-feira, dia 22, às 9h00'; the call is on Tuesday, May 19, so Friday the 22nd is May 22.",
            ),
            (
                "custom_actions",
                "O tratamento é na Rua das Flores, 14, em Braga.",
                True,
                "Cliente: 'A morada é Rua das Flores, 14, em Braga.'",
            ),
            (
                "custom_actions",
                "O número de serviço é PZ-40912.",
                True,
                "Agente: 'O número do serviço é PZ-40912.'",
            ),
            (
                "custom_actions",
                "O tratamento custa 85 euros e tem três meses de garantia.",
                True,
                "Agente: 'custa 85 euros e tem garantia de três meses.'",
            ),
            (
                "custom_actions",
                "A agente pediu ao cliente que esvazie os armários da cozinha na véspera.",
                True,
                "Agente: 'Na véspera, por favor esvazie os armários da cozinha.'",
            ),
            (
                "call_driver",
                "Call driver: Appointment",
                True,
                "The customer called to book a treatment visit.",
            ),
        ],
        {"custom_actions": [True, True, True, True], "call_driver": [True]},
        {
            "custom_actions": [
                [
                    ("Tratamento contra baratas marcado", True),
                    ("Pedido para esvaziar os armários da cozinha na véspera", True),
                ],
                [("Sexta-feira, dia 22, às 9h00", True)],
                [("Número do serviço PZ-40912", True)],
                [("Morada registada: Rua das Flores, 14, Braga", True)],
            ],
        },
        language="pt",
    )
)

# 13. Dutch garden maintenance: the corrected invoice given for two trees instead of three
# (wrong count); a wrong resolution value.
ROWS.append(
    conversation(
        "new7-013",
        "chat",
        "billing",
        "2026-09-15T12:00:00Z",
        "Sanne",
        [
            (
                "customer",
                "Hallo, ik heb factuur GT-7781 van 340 euro gekregen voor het snoeien van vier bomen, maar jullie hebben er maar drie gesnoeid.",
            ),
            (
                "agent",
                "Hallo, u spreekt met Sanne van Groen & Tuin. Ik zie op de werkbon dat de hovenier inderdaad drie bomen heeft gesnoeid; de vierde stond te dicht bij een elektriciteitskabel.",
            ),
            ("customer", "Precies. Dus ik wil niet voor vier bomen betalen."),
            (
                "agent",
                "Terecht. Ik heb de factuur aangepast naar drie bomen; het nieuwe bedrag is 255 euro. U krijgt de gecorrigeerde factuur vandaag nog per e-mail.",
            ),
            ("customer", "En die vierde boom?"),
            (
                "agent",
                "Daarvoor moet de netbeheerder eerst de kabel afschermen. Ik kan daar nu nog geen afspraak voor maken; zodra de netbeheerder een datum heeft, bellen we u.",
            ),
            ("customer", "Oké, dan wacht ik dat af. Bedankt."),
        ],
        {
            "situation": "De klant kreeg factuur GT-7781 van 340 euro voor het snoeien van vier bomen, terwijl er maar drie waren gesnoeid.",
            "action": "De medewerker bevestigde dat de vierde boom te dicht bij een elektriciteitskabel stond en paste de factuur aan naar twee bomen, voor 255 euro. De gecorrigeerde factuur wordt vandaag gemaild. Voor de vierde boom belt het bedrijf de klant zodra de netbeheerder een datum heeft.",
            "resolution": "N",
        },
        [
            (
                "situation",
                "De klant kreeg factuur GT-7781 van 340 euro voor het snoeien van vier bomen.",
                True,
                "Klant: 'factuur GT-7781 van 340 euro gekregen voor het snoeien van vier bomen'.",
            ),
            (
                "situation",
                "Er waren maar drie bomen gesnoeid.",
                True,
                "Klant: 'jullie hebben er maar drie gesnoeid'; the agent confirms.",
            ),
            (
                "action",
                "De medewerker bevestigde dat de vierde boom te dicht bij een elektriciteitskabel stond.",
                True,
                "Agent: 'de vierde stond te dicht bij een elektriciteitskabel.'",
            ),
            (
                "action",
                "De medewerker paste de factuur aan naar twee bomen.",
                False,
                "The invoice was adjusted to three trees: 'aangepast naar drie bomen'.",
            ),
            (
                "action",
                "Het nieuwe bedrag is 255 euro.",
                True,
                "Agent: 'het nieuwe bedrag is 255 euro.'",
            ),
            (
                "action",
                "De gecorrigeerde factuur wordt vandaag gemaild.",
                True,
                "Agent: 'U krijgt de gecorrigeerde factuur vandaag nog per e-mail.'",
            ),
            (
                "action",
                "Voor de vierde boom belt het bedrijf de klant zodra de netbeheerder een datum heeft.",
                True,
                "Agent: 'zodra de netbeheerder een datum heeft, bellen we u.'",
            ),
            (
                "resolution",
                "Resolution: N (none resolved)",
                False,
                "The invoice was corrected during the chat; only the fourth tree is still open (P).",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("Factuur GT-7781 van 340 euro voor vier bomen", True),
                    ("Er zijn maar drie bomen gesnoeid", True),
                ]
            ],
            "action": [
                [
                    ("Factuur aangepast naar drie bomen, nieuw bedrag 255 euro", False),
                    ("Gecorrigeerde factuur vandaag per e-mail", True),
                    (
                        "Vierde boom: netbeheerder moet eerst de kabel afschermen; terugbellen zodra er een datum is",
                        True,
                    ),
                ]
            ],
        },
        language="nl",
    )
)


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
